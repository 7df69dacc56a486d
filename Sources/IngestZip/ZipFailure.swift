import IngestCore

/// What went wrong inside the reader, before it becomes an `IngestError` with a catalog code.
/// Kept separate so the low-level code can use typed throws without building messages.
enum ZipFailure: Error {
    case zlib(String)
    case corruptData(String)
}
