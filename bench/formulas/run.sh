#!/bin/sh
# Formulas to LaTeX (issue 36): the 263 course formulas of Tests/IngestOfficeTests/Math/FormulaCorpus.swift
# made into .docx/.odt/.epub/.pptx by pandoc and into .odt by LibreOffice (from the .docx), read by
# Ingest and by pandoc's readers, each compared with the LaTeX source after the normalisation of
# Sources/IngestQuality/FormulaMatch.swift. The measurement is FormulaFidelityTests (which asserts the bar); this
# prints its figures, and with -v every formula that differs.
# Needs pandoc, soffice (libreoffice-writer-nogui + libreoffice-math-nogui). Run from the repository root.
set -e
cd "$(dirname "$0")/../.."
swift build --build-tests >/dev/null 2>&1 || echo "(swift build failed: measuring with the test binary already built)"
out=$(.build/debug/IngestPackageTests.xctest IngestOfficeTests.FormulaFidelityTests 2>&1) || true
if [ "$1" = "-v" ]; then printf '%s\n' "$out" | grep -E '^(formulas|  )'; else printf '%s\n' "$out" | grep -E '^formulas'; fi
printf '%s\n' "$out" | grep -E "Executed 1 test" | head -1
pdf=$(.build/debug/IngestPackageTests.xctest IngestPDFTests.PDFFormulaFidelityTests 2>&1) || true
if [ "$1" = "-v" ]; then printf '%s\n' "$pdf" | grep -E '^(formulas|  pdflatex)'; else printf '%s\n' "$pdf" | grep -E '^formulas'; fi
printf '%s\n' "$pdf" | grep -E "Executed 1 test" | head -1
