#!/bin/sh
# Formulas to LaTeX (issue 36): the 283 course formulas of Tests/IngestOfficeTests/Math/FormulaCorpus.swift
# made into .docx/.odt/.epub/.pptx by pandoc, into .odt/.docx by LibreOffice (from the .docx) and into
# .odp/.pptx by Impress, read by Ingest and by pandoc's readers, each compared with the LaTeX source
# after the normalisation of Sources/IngestQuality/FormulaMatch.swift; for LibreOffice's files also
# "what the file still says" (the formulas LibreOffice changed counted apart: LibreOfficeChanges.swift).
# The measurement is FormulaFidelityTests and StarMathFormulaTests (which assert the bars); this prints
# their figures, and with -v every formula that differs. Results: bench/formulas/RESULTS.md.
# Needs pandoc, soffice (libreoffice-writer-nogui + libreoffice-math-nogui). Run from the repository root.
set -e
cd "$(dirname "$0")/../.."
swift build --build-tests >/dev/null 2>&1 || echo "(swift build failed: measuring with the test binary already built)"
out=$(.build/debug/IngestPackageTests.xctest IngestOfficeTests.FormulaFidelityTests 2>&1) || true
if [ "$1" = "-v" ]; then printf '%s\n' "$out" | grep -E '^(formulas|  )'; else printf '%s\n' "$out" | grep -E '^formulas'; fi
printf '%s\n' "$out" | grep -E "Executed [0-9]+ test" | head -1
sm=$(.build/debug/IngestPackageTests.xctest IngestOfficeTests.StarMathFormulaTests 2>&1) || true
if [ "$1" = "-v" ]; then printf '%s\n' "$sm" | grep -E '^(formulas|  )'; else printf '%s\n' "$sm" | grep -E '^formulas'; fi
pdf=$(.build/debug/IngestPackageTests.xctest IngestPDFTests.PDFFormulaFidelityTests 2>&1) || true
if [ "$1" = "-v" ]; then printf '%s\n' "$pdf" | grep -E '^(formulas|  pdflatex)'; else printf '%s\n' "$pdf" | grep -E '^formulas'; fi
printf '%s\n' "$pdf" | grep -E "Executed 1 test" | head -1
