import Foundation
import IngestCore
import IngestPipeline
@testable import IngestStudySheet
import IngestTestSupport
import XCTest

/// Definitions are taken only where a sentence starts and is whole (issue 36 item 3): a PDF
/// paragraph's line breaks are where the page ran out, so a colon after a line's first word is
/// often the middle of a sentence.
final class DefinitionPassagesTests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    func definitions(_ block: String) -> [String] {
        DefinitionRecognizer.passages(block).compactMap {
            if case .definition(let d) = $0 { return "\(d.term) = \(d.meaning)" }
            return nil
        }
    }

    /// A block's lines cut at line feeds' bytes are its Character split's (a CR LF pair is one Character: that block is split so).
    func testLinesAreCutAtLineFeedsAsTheCharacterSplitCutsThem() {
        var random = SeededGenerator(seed: 41)
        let pieces = ["a", "\n", "\r\n", "\r", "e\u{301}", "\u{301}", " ", ":", "\n\u{301}"]
        for _ in 0..<4_000 {
            let text = (0..<Int.random(in: 0...8, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
            XCTAssertEqual(DefinitionRecognizer.splitLines(text), text.split(separator: "\n", omittingEmptySubsequences: false), text.debugDescription)
        }
    }

    /// A block with no separator's bytes is its text as it stands (no line of it is read as a definition).
    func testABlockWithoutASeparatorIsItsText() {
        let block = "set xrange [0:10]\nplot sin(x) title ’sinus’ - with lines\nsee the example. - Note the axis"
        XCTAssertEqual(DefinitionRecognizer.passages(block), [.text(block.split(separator: "\n").map(String.init))])
    }

    /// A list of works to read glued into one paragraph is references, each with a note on the work, not definitions.
    func testAReferencesListGluedIntoAParagraphHoldsNoDefinition() {
        XCTAssertEqual(definitions("References: * nanoGPT by Andrej Karpathy: A 2h-long YouTube video to reimplement GPT. * Seeing Theory:\n"
                                   + "A visual introduction to probability and statistics from Brown University."), [])
        XCTAssertEqual(definitions("Glossary entry. - Tokenizer: A program that splits text into tokens."), ["Tokenizer = A program that splits text into tokens."])
    }

    func testAColonInTheMiddleOfAWrappedSentenceIsNoDefinition() {
        // samples/cours-ondes-sonores.pdf's lines, as poppler gives them.
        XCTAssertEqual(definitions("Le son a besoin d'un\nmilieu matériel pour se\npropager : un gaz, un\nliquide ou un solide."), [])
        XCTAssertEqual(definitions("peut abîmer l'audition de\nfaçon définitive : il faut\nalors porter des\nprotections."), [])
    }

    func testATermAloneOnItsLineTakesTheLinesBelow() {
        XCTAssertEqual(definitions("la surface du Soleil.\nOnde mécanique :\nperturbation d'un milieu\nmatériel qui se propage\nsans transport de\nmatière."),
                       ["Onde mécanique = perturbation d'un milieu matériel qui se propage sans transport de matière."])
    }

    func testAMeaningCutByTheLineEndIsJoinedAndTheTextAroundIsKept() {
        let passages = DefinitionRecognizer.passages("des ultrasons.\nPériode : durée d'une\nvibration complète,\nnotée T.\nLa fréquence vaut f = 1 / T.")
        XCTAssertEqual(passages, [
            .text(["des ultrasons."]),
            .definition(.init(term: "Période", meaning: "durée d'une vibration complète, notée T.", grammar: nil)),
            .text(["La fréquence vaut f = 1 / T."]),
        ])
    }

    func testADefinitionWhoseSentenceDoesNotEndInTheBlockOrAtTheNextDefinitionIsNotTaken() {
        // The sentence runs on into a capitalised line that is no definition: not whole.
        XCTAssertEqual(definitions("Onde : une perturbation\nQui ne finit pas ici sans point"), [])
    }

    func testLinesOfDefinitionsWithoutFinalPointsAreEachOne() {
        // Office line breaks, one definition a line, lower case and without points.
        XCTAssertEqual(definitions("mitose : division d'une cellule en deux\nméiose : double division cellulaire\ngamète : cellule reproductrice"),
                       ["mitose = division d'une cellule en deux", "méiose = double division cellulaire", "gamète = cellule reproductrice"])
    }

    func testAListItemStartsAfreshWhateverTheLineBeforeIt() {
        // pandoc's PDF lists, as poppler gives them: the bullets stay, the items have no final point.
        XCTAssertEqual(definitions("• Computer network\n– Network packet: control information + user data (payload)\n– Network topology: layouts (bus, star, etc.)"),
                       ["Network packet = control information + user data (payload)", "Network topology = layouts (bus, star, etc.)"])
        // A term over a list introduces it; its items are no meaning of it.
        XCTAssertEqual(definitions("– Network links:\n∗ Wired links\n∗ Wireless links"), [])
    }

    func testAListItemsLinesAreOneMeaning() {
        // The line ends where the page does, before a capital: in a list item, still the same item.
        XCTAssertEqual(DefinitionRecognizer.passages("snake_case : les mots sont séparés par des underscores. Conseillé en\nPython.", listItem: true),
                       [.definition(.init(term: "snake_case", meaning: "les mots sont séparés par des underscores. Conseillé en Python.", grammar: nil))])
        // In a paragraph, a line the page's width ended goes on on the next, whatever its first letter…
        XCTAssertEqual(definitions("snake_case : les mots sont séparés par des underscores. Conseillé en\nPython."),
                       ["snake_case = les mots sont séparés par des underscores. Conseillé en Python."])
        // …but a short line before a capital is not the sentence's end (`Mitose : division` / `La mitose…`).
        XCTAssertEqual(definitions("Le cours de biologie de cette semaine porte sur la division de la cellule.\nMitose : division\nLa mitose a lieu dans le noyau."), [])
    }

    func testListItemsGluedIntoAParagraphAreCutOutOfTheirLine() {
        // en-public-key-certificate: a Markdown list right under a paragraph, which pandoc joins to it.
        let block = "Some common fields: - Serial Number: Used to uniquely identify the certificate\nwithin a CA’s systems. - Issuer: The entity that verified the information and signed the\ncertificate. - Not Before: The earliest time."
        XCTAssertEqual(definitions(block), ["Serial Number = Used to uniquely identify the certificate within a CA’s systems.",
                                            "Issuer = The entity that verified the information and signed the certificate.",
                                            "Not Before = The earliest time."])
        guard case .text(let lines)? = DefinitionRecognizer.passages(block).first else { return XCTFail("no text first") }
        XCTAssertEqual(lines, ["Some common fields:"])
        // Text that holds no definition stands as it was, ` - ` and line breaks alike.
        let prose = "The result is clear. - and so\nit goes: on. - Well, then"
        XCTAssertEqual(DefinitionRecognizer.passages(prose), [.text(["The result is clear. - and so", "it goes: on. - Well, then"])])
        // The marker at a line's end goes with the item on the next line (fr-nsi-4.1), and back when there is none.
        XCTAssertEqual(definitions("Son domaine est donc Int. -\nschéma : le schéma d’une relation est le regroupement de tous les attributs."),
                       ["schéma = le schéma d’une relation est le regroupement de tous les attributs."])
        XCTAssertEqual(DefinitionRecognizer.passages("It ends. -\nand more: of it\nhere"), [.text(["It ends. -", "and more: of it", "here"])])
        // Markdown's other markers, in a line and at its end (en-workout).
        XCTAssertEqual(definitions("Muscles. * biceps: Front of the upper arm, responsible for forearm flexion. *\ntriceps: Back of the upper arm."),
                       ["biceps = Front of the upper arm, responsible for forearm flexion.", "triceps = Back of the upper arm."])
        XCTAssertEqual(DefinitionRecognizer.passages("It ends. *\nand more: of it. + Then"), [.text(["It ends. *", "and more: of it. + Then"])])
        // A dash inside a sentence cuts nothing.
        XCTAssertEqual(definitions("A word - Term: a meaning."), [])
    }

    func testASentenceStartingWithATermInsideALineIsADefinitionWhenItsMeaningDescribes() {
        // Definitions one a line in Markdown, joined into one paragraph by pandoc (en-containerization).
        let block = "OCI-compliant runtime focused on efficiency. runhcs: A fork of runC used\nby Microsoft. Portability: Containers are lightweight and portable. Dr. Who: A series."
        XCTAssertEqual(definitions(block), ["runhcs = A fork of runC used by Microsoft."])
        guard case .text(let lines)? = DefinitionRecognizer.passages(block).last else { return XCTFail("no text last") }
        XCTAssertEqual(lines, ["Portability: Containers are lightweight and portable. Dr. Who: A series."])
        XCTAssertTrue(DefinitionRecognizer.describes("The daemon that manages the platform"))
        XCTAssertTrue(DefinitionRecognizer.describes("An OCI-compliant runtime"))
        XCTAssertFalse(DefinitionRecognizer.describes("The OCI was founded by major players"))
        XCTAssertFalse(DefinitionRecognizer.describes("Containers are lightweight"))
    }

    func testATermCutByTheLineEndTakesTheSeparatorOnTheNextLine() {
        // fr-nsi-4.1: an mkdocs admonition's list glued into a paragraph, its term over two lines.
        XCTAssertEqual(definitions("n’a pas d’importance. - enregistrement, ou tuple, ou n-uplet, ou t-uplet, ou\nvecteur : cela correspond à une ligne du tableau."),
                       ["enregistrement, ou tuple, ou n-uplet, ou t-uplet, ou vecteur = cela correspond à une ligne du tableau."])
        // A sentence's line without a colon is no term (samples/cours-ondes-sonores.pdf).
        XCTAssertEqual(definitions("Le son a besoin d'un\nmilieu matériel pour se\npropager : un gaz, un\nliquide ou un solide."), [])
    }

    /// Definitions a converter glued into a paragraph, found on the 27 real pages (en-containerization, fr-nsi-1.3, en-workout):
    /// a term cut by the line's end, one at the line's end with its meaning below, one after an introduction or a glued number,
    /// an acronym after a glued heading, a list under a one-word heading. The text around them is kept as it stands.
    func testTermsGluedIntoAParagraph() {
        let block = """
            Container Engine: The software that manages containers. Examples include Docker and containerd. Container
            Image: A lightweight, standalone, executable package that includes everything. Isolation: Containers achieve isolation by
            using the host kernel features, such as namespaces and cgroups. This is a key difference from operating systems. Orchestration:
            The automation of the deployment, scaling, and management of containerized applications, as Kubernetes and Swarm do.
            Other notable container runtimes and related tools: Podman: A daemonless container engine that runs OCI containers.
            runhcs: A fork of runC used by Microsoft for running Windows containers. 2. High-level runtimes: These runtimes
            provide a higher-level interface for managing containers. 3. Win: If the player has two in a row, they place a third.
            """
        XCTAssertEqual(definitions(block).map { String($0.prefix { $0 != "=" }).trimmingCharacters(in: .whitespaces) },
                       ["Container Engine", "Container Image", "Orchestration", "Podman", "runhcs", "High-level runtimes"])
        let text = DefinitionRecognizer.passages(block).compactMap { if case .text(let lines) = $0 { return lines.joined(separator: "\n") }; return nil }
        XCTAssertEqual(text.first, "Isolation: Containers achieve isolation by\nusing the host kernel features, such as namespaces and cgroups. This is a key difference from operating systems.")
        XCTAssertEqual(text.last, "3. Win: If the player has two in a row, they place a third.")
        XCTAssertEqual(DefinitionRecognizer.passages("1.2.2 Le DOM d’une page web DOM : Document Object Model"),
                       [.text(["1.2.2 Le DOM d’une page web"]), .definition(.init(term: "DOM", meaning: "Document Object Model", grammar: nil))])
        XCTAssertEqual(definitions("Muscles * biceps: Front of the upper arm, responsible for forearm flexion. *\ntriceps: Back of the upper arm."),
                       ["biceps = Front of the upper arm, responsible for forearm flexion.", "triceps = Back of the upper arm."])
        // A heading the OCR glued over a definition (samples/IMG_20241015_101512.jpg) ends there; a short line whose
        // sentence goes on does not.
        XCTAssertEqual(DefinitionRecognizer.passages("Parts of an animal cell\nNucleus: contains the genetic material (DNA) and controls"),
                       [.text(["Parts of an animal cell"]), .definition(.init(term: "Nucleus", meaning: "contains the genetic material (DNA) and controls", grammar: nil))])
        XCTAssertEqual(definitions("Most of the cells studied in the course of\nBiology: the science of life, as the textbook says."), [])
        // An item cut out of the line whose term the line's end cut (en-statistics: `… variable. - Zero` / `Correlation: no relationship`).
        XCTAssertEqual(DefinitionRecognizer.passages("on the other variable. - Zero\nCorrelation: no relationship"),
                       [.text(["on the other variable."]), .definition(.init(term: "Zero Correlation", meaning: "no relationship", grammar: nil))])
        XCTAssertEqual(DefinitionRecognizer.passages("on the other variable. - Zero\ncorrelation tests are run."), [.text(["on the other variable. - Zero", "correlation tests are run."])])
        // A listing's lines: a command in code marks, a setting.
        XCTAssertEqual(definitions("git log\ngit remote add origin https://..\n`git pull origin master` : update change on master branch\ngit rm <files> : remove files"),
                       ["git pull origin master = update change on master branch", "git rm <files> = remove files"])
        XCTAssertEqual(definitions("Global settings for line endings:\ncore.autocrlf = input: commit CRLF->LF, checkout as-is LF\ncore.autocrlf = false: commit as-is, checkout as-is"),
                       ["core.autocrlf = input = commit CRLF->LF, checkout as-is LF", "core.autocrlf = false = commit as-is, checkout as-is"])
    }

    func testSiblingItemsOfAFewWordsEachAreAListOfPairs() {
        func read(_ items: [String?]) -> [(listItem: Bool, passages: [DefinitionRecognizer.Passage]?)] {
            items.map { item in item.map { (true, DefinitionRecognizer.passages($0, listItem: true)) } ?? (false, nil) }
        }
        // en-photography p5, en-workout p4: what a tool is for, which exercise for which muscle. (A name whose meaning is an
        // activity, `Adobe Lightroom: bulk editing`, is no definition alone: DefinitionShapes.activityOfAName.)
        XCTAssertNil(DefinitionRecognizer.definition("Adobe Lightroom: bulk editing"))
        XCTAssertEqual(DefinitionRecognizer.pairLists(read(["Paid:", "Adobe Lightroom: bulk editor", "Adobe Photoshop: photo editor", "Open Source:",
                                                            "Darktable: alternative to Lightroom", "GIMP: alternative to Photoshop", nil])), [1, 2])
        // (What replaces something is no definition on its own, and goes on with the run of pairs, en-software p4.)
        XCTAssertEqual(DefinitionRecognizer.pairLists(read(["Inkscape: alternative for Illustrator, CorelDraw", "yed: diagrams", "dia: diagrams", nil])), [1, 2])
        // (`Triceps: overhead extension` names an activity, no definition alone: only the third is left for the run to drop.)
        XCTAssertNil(DefinitionRecognizer.definition("Triceps: overhead extension"))
        XCTAssertEqual(DefinitionRecognizer.pairLists(read(["Triceps: overhead extension", "Quads: lean back leg extension", "Hamstrings: seated leg curls"])), [2])
        // Terms with what they are: a long meaning, an article, a relative, a sentence, an acronym spelt out.
        XCTAssertEqual(DefinitionRecognizer.pairLists(read(["Strength: enhance amount of force a muscle can produce", "RM: repetition maximum", "Rep: one lift"])), [])
        XCTAssertEqual(DefinitionRecognizer.pairLists(read(["Imperative: which allows side effects", "Functional: which disallows side effects", "Logic: which has rules"])), [])
        XCTAssertEqual(DefinitionRecognizer.pairLists(read(["Genotype: the genetic material", "RNA: single strand structure", "Gene: a sequence of nucleotides"])), [])
        // (The paragraph under the list glued to its last item leaves that item a pair: `Go: Modules The difference…`.)
        // (As the sheet reads them: the declined lines marked.)
        let marked = ["Go: Modules", "Haskell: Hackage", "Lua: LuaRocks\nThe difference between a package and a module is one of size."]
            .map { (listItem: true, passages: Optional(DefinitionRecognizer.passages($0, listItem: true, markingDeclined: true))) }
        XCTAssertEqual(DefinitionRecognizer.pairLists(marked), [0, 1, 2])
        // Two in a row, or a run broken by a paragraph, are too few to tell.
        XCTAssertEqual(DefinitionRecognizer.pairLists(read(["UDP: packet switching", "TCP: virtual circuit switching", nil, "USM / STM: autofocus motor"])), [])
    }

    func testWhatACutMeaningCarriesOverIsItsSentenceNotTheNextItems() {
        // en-public-key-certificate: the page ends inside `Not Before: The earliest time and date on which the certificate is`.
        let next = "valid. Usually set to a few hours or days prior to the moment the certificate\nwas issued, to avoid clock skew problems. - Not After: The time and date past\nwhich the certificate is no longer valid."
        let (carried, rest) = DefinitionRecognizer.carriedOver(next)
        XCTAssertEqual(carried, "valid. Usually set to a few hours or days prior to the moment the certificate was issued, to avoid clock skew problems.")
        XCTAssertEqual(rest, "- Not After: The time and date past\nwhich the certificate is no longer valid.")
        XCTAssertEqual(definitions(rest ?? ""), ["Not After = The time and date past which the certificate is no longer valid."])
        XCTAssertEqual(DefinitionRecognizer.carriedOver("which it is.").rest, nil)
    }

    func testAParagraphThePageCutStartsNoSentence() {
        // `…est plus riche, comme en` ends page 4; page 5 starts with the rest of the sentence.
        XCTAssertEqual(DefinitionRecognizer.passages("mathématiques : un test qui ne marche pas est plus riche.", continuing: true),
                       [.text(["mathématiques : un test qui ne marche pas est plus riche."])])
    }

    func testADocumentsTitleEndsWhatIsAboveIt() {
        XCTAssertEqual(definitions("Document 1 : la définition et l’analyse d’un spermocytogramme\nSpermocytogramme : dosage permettant de connaître le nombre de spermatozoïdes."),
                       ["Spermocytogramme = dosage permettant de connaître le nombre de spermatozoïdes."])
    }

    func testATermGivenThreeMeaningsIsAFieldOfRecords() {
        // en-agile's meetings: `Agile framework:` under each is a field, `Kanban board:` once is a term.
        // (Their names alone, `Scrum and Kanban`, are no meaning any more: meanings in words here.)
        let blocks = ["Agile framework: the Scrum way", "Agile framework: a mix of Scrum and Kanban", "Agile framework: the Kanban way alone",
                      "Kanban board: a board that shows the tasks."].map { Block(kind: .listItem, text: $0, provenance: .textLayer) }
        XCTAssertEqual(StudySheetBuilder.fieldTerms(blocks), ["agile framework"])
        // Three lines and two meanings in records (blocks whose every line is a field) are a field too (a package's `Tagline:` twice in
        // the same first words); three lines of a muscle's two meanings in a list are not.
        let records = ["Package: libdate1\nTagline: a small library of date helpers", "Package: date-tools\nTagline: the command-line tools of the library",
                       "Package: date-doc\nTagline: the command-line tools - manual",
                       "Deltoid: the rounded muscle of the shoulder", "Deltoid: the rounded muscle of the shoulder.", "deltoid: shoulder muscle that lifts the arm"]
            .map { Block(kind: $0.contains("\n") ? .paragraph : .listItem, text: $0, provenance: .textLayer) }
        XCTAssertEqual(StudySheetBuilder.fieldTerms(records), ["tagline"])
    }

    /// The sample: the sheet of samples/cours-ondes-sonores.pdf lists its three
    /// definitions and none of the sentence fragments it listed before.
    func testTheSamplePDFsSheetHoldsItsDefinitionsAndNoFragment() throws {
        let pdf = Self.root.appendingPathComponent("samples/cours-ondes-sonores.pdf")
        guard FileManager.default.fileExists(atPath: pdf.path) else { throw XCTSkip("samples/cours-ondes-sonores.pdf is not there") }
        let sheet = StudySheetBuilder.build(try Pipeline(config: PipelineConfig()).importDocument(file: pdf))
        let found = sheet.sections.flatMap(\.definitions).map { "\($0.term) = \($0.meaning)" }
        XCTAssertEqual(found, [
            "Onde mécanique = perturbation d'un milieu matériel qui se propage sans transport de matière.",
            "Écho = son réfléchi par un obstacle, que l'on entend après le son direct.",
            "Période = durée d'une vibration complète, notée T ; la fréquence vaut f = 1 / T.",
        ])
    }
}
