// IngestStore: see the module's README in DESIGN.md.
