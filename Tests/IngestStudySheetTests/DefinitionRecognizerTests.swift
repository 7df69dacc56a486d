import Foundation
import IngestTestSupport
import XCTest
import IngestPipeline
@testable import IngestStudySheet

/// The definition recogniser measured on a hand-labelled set of course lines
/// (`Fixtures/definitions/*.tsv`: the expected term, or `-` when the line is no definition,
/// then the line). A line counts as found only with the right term.
final class DefinitionRecognizerTests: XCTestCase {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/definitions")

    struct Figures {
        var truePositives = 0, falsePositives = 0, falseNegatives = 0, lines = 0, definitions = 0
        var errors: [String] = []
        var precision: Double { Double(truePositives) / Double(max(1, truePositives + falsePositives)) }
        var recall: Double { Double(truePositives) / Double(max(1, truePositives + falseNegatives)) }
        mutating func add(_ o: Figures) {
            truePositives += o.truePositives; falsePositives += o.falsePositives; falseNegatives += o.falseNegatives
            lines += o.lines; definitions += o.definitions; errors += o.errors
        }
    }

    static func key(_ term: String) -> String {
        term.lowercased().split(separator: " ").joined(separator: " ")
    }

    static func measure(_ file: URL) throws -> Figures {
        var f = Figures()
        for line in try String(contentsOf: file, encoding: .utf8).split(separator: "\n") where !line.hasPrefix("#") {
            let parts = line.split(separator: "\t", maxSplits: 1).map(String.init)
            guard parts.count == 2 else { throw TestSetupFailure("\(file.lastPathComponent): not `term<TAB>line`: \(line)") }
            let expected = parts[0] == "-" ? nil : parts[0]
            // What the sheet lists: a line shaped as a definition, with a positive sign that it says what its term is (DefinitionSigns.swift).
            let found = DefinitionRecognizer.definition(parts[1]).flatMap { DefinitionRecognizer.isSure($0) ? $0 : nil }
            f.lines += 1
            if expected != nil { f.definitions += 1 }
            switch (expected, found) {
            case (let e?, let d?) where key(e) == key(d.term): f.truePositives += 1
            case (let e?, let d?):
                f.falsePositives += 1; f.falseNegatives += 1
                f.errors.append("wrong term “\(d.term)” (expected “\(e)”): \(parts[1])")
            case (nil, let d?): f.falsePositives += 1; f.errors.append("not a definition, found “\(d.term)”: \(parts[1])")
            case (_?, nil): f.falseNegatives += 1; f.errors.append("missed: \(parts[1])")
            case (nil, nil): break
            }
        }
        return f
    }

    func testPrecisionAndRecallOnTheLabelledSet() throws {
        var total = Figures()
        for name in ["fr.tsv", "en.tsv", "heldout.tsv"] {
            let f = try Self.measure(Self.folder.appendingPathComponent(name))
            print(String(format: "definitions %@: %d lines, %d definitions, precision %.3f, recall %.3f", name, f.lines, f.definitions,
                         f.precision, f.recall))
            XCTAssertGreaterThan(f.lines, 90, name)
            total.add(f)
        }
        print(String(format: "definitions (all): %d lines, %d definitions, precision %.3f, recall %.3f", total.lines, total.definitions,
                     total.precision, total.recall))
        for e in total.errors { print("  " + e) }
        XCTAssertGreaterThanOrEqual(total.precision, 0.95)
        XCTAssertGreaterThanOrEqual(total.recall, 0.9)
    }

    /// The byte test for typographic spaces finds exactly the lines Foundation's replacement changes.
    func testTypographicSpacesAreFoundOnBytes() {
        var random = SeededGenerator(seed: 29)
        let pieces = ["a", "É", " ", "\u{00A0}", "\u{202F}", "\u{2009}", "—", ":", "\u{00C2}", "\u{20AF}", "e\u{301}"]
        for _ in 0..<3_000 {
            let text = (0..<Int.random(in: 0...6, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
            let changed = text.replacingOccurrences(of: "\u{00A0}", with: " ").replacingOccurrences(of: "\u{202F}", with: " ") != text
            XCTAssertEqual(DefinitionRecognizer.hasTypographicSpace(text), changed, text.debugDescription)
        }
    }

    /// The byte test asked before any String work: where it finds no separator's bytes, `separator(in:)` finds none in
    /// the line as `definition(_:)` makes it (typographic spaces replaced, ends trimmed, list marker dropped).
    func testNoSeparatorIsMissedByTheByteTest() {
        var random = SeededGenerator(seed: 31)
        let pieces = ["a", "É", " ", ":", "\u{00A0}", "\u{202F}", "\u{2003}", "\u{3000}", "\u{1680}", "\t", "—", "–", "’", "•", "- ",
                      "1. ", "e\u{301}", ":\u{301}", "\u{37E}", "x[0:10]"]
        var found = 0
        for _ in 0..<6_000 {
            let text = (0..<Int.random(in: 0...7, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
            let line = DefinitionRecognizer.stripListMarker(
                text.replacingOccurrences(of: "\u{00A0}", with: " ").replacingOccurrences(of: "\u{202F}", with: " ").trimmingSpaces())
            let separator = DefinitionRecognizer.separator(in: line) != nil
            if separator { found += 1 }
            if !DefinitionRecognizer.mayHoldSeparator(text) { XCTAssertFalse(separator, text.debugDescription) }
        }
        XCTAssertGreaterThan(found, 300)
        XCTAssertFalse(DefinitionRecognizer.mayHoldSeparator("set xrange [0:10] l’axe"))
        XCTAssertTrue(DefinitionRecognizer.mayHoldSeparator("Terme\u{00A0}:\u{00A0}sens"))
        XCTAssertTrue(DefinitionRecognizer.mayHoldSeparator("Syntax:"))
    }

    /// The byte search asked before Foundation's: where the needle's bytes are absent, Foundation finds it nowhere either.
    func testTheByteSearchIsAskedBeforeFoundations() {
        var random = SeededGenerator(seed: 37)
        let pieces = ["a", " ", ",", "o", "u", "r", "-", ".", ":", "/", "w", "e\u{301}", "\u{301}", "\u{37E}", "\u{212A}", "\u{2000}", "ó"]
        for _ in 0..<6_000 {
            let text = (0..<Int.random(in: 0...8, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
            XCTAssertEqual(DefinitionRecognizer.holds(text, ", o"), Array(text.utf8).indices.contains { Array(text.utf8)[$0...].starts(with: Array(", o".utf8)) })
            if text.contains(", ou ") || text.contains(", or ") { XCTAssertTrue(DefinitionRecognizer.holds(text, ", o"), text.debugDescription) }
            if text.contains(" - ") { XCTAssertTrue(DefinitionRecognizer.holds(text, " - "), text.debugDescription) }
            if text.contains(". ") { XCTAssertTrue(DefinitionRecognizer.holds(text, ". "), text.debugDescription) }
            if text.contains("://") { XCTAssertTrue(DefinitionRecognizer.holds(text, "://"), text.debugDescription) }
            if text.contains("www.") { XCTAssertTrue(DefinitionRecognizer.holds(text, "www."), text.debugDescription) }
        }
    }

    /// Batch 22's course notes (session 25): a learning goal's order, a work credited to its author, symbols mapped by an
    /// arrow (a formula alone, by the policy) and a sentence whose plural subject is another thing are no definitions; the
    /// thing's own plural subject with what it does is one.
    func testOrdersCreditsMappingsAndSentencesAboutOtherThings() {
        for line in ["Sampling techniques: Explore various text generation approaches and their tradeoffs.",
                     "Feature Extraction Techniques: Become familiar with techniques to convert text data into a format.",
                     "Visual intro to Transformers by 3Blue1Brown: Visual introduction to Transformers for complete beginners.",
                     "LoRA insights by Sebastian Raschka: Practical insights about LoRA and how to select the best parameters.",
                     "Clé publique : n et e → post-it vert",
                     "Tools: Agents augment LLMs by automatically selecting the most relevant tools to provide an answer.",
                     "Prompt engineering: Common techniques include zero-shot prompting, few-shot prompting, chain of thought, and ReAct.",
                     "Splitting documents: Text splitters break down documents into smaller, semantically meaningful chunks."] {
            XCTAssertNil(DefinitionRecognizer.definition(line), line)
        }
        for (line, term) in [("Embedding models: Embedding models convert text into vector representations.", "Embedding models"),
                             ("Word Embeddings: Word embeddings are a type of word representation that allows words with similar meanings to have similar representations.", "Word Embeddings"),
                             ("Diameter symbol followed by a number: the filter thread size in mm", "Diameter symbol followed by a number")] {
            XCTAssertEqual(DefinitionRecognizer.definition(line)?.term, term, line)
        }
    }

    /// Lines of real course pages (Fixtures/definitions/real/) the line set did not have.
    func testLinesOfRealCoursePages() {
        // The label "Définition" names the term, before it or as a definition of its own.
        XCTAssertEqual(DefinitionRecognizer.definition("Définition d’allèle : version d’un gène.")?.term, "allèle")
        XCTAssertEqual(DefinitionRecognizer.definition("Définition : diversité intraspécifique : diversité des individus au sein d’une même espèce.")?.term,
                       "diversité intraspécifique")
        XCTAssertNil(DefinitionRecognizer.definition("Définition : on appelle mitose la division d'une cellule."))
        XCTAssertEqual(DefinitionRecognizer.definition("Document 2 Définitions Générateur : objet fournisseur d’énergie électrique.")?.term, "Générateur")
        // A worksheet's heading is a label alone, not inside a term.
        XCTAssertNil(DefinitionRecognizer.definition("Séquence : La génétique"))
        XCTAssertEqual(DefinitionRecognizer.definition("Séquence génétique : suite des nucléotides d’un brin d’ADN.")?.term, "Séquence génétique")
        XCTAssertEqual(DefinitionRecognizer.definition("Allèle A : il permet la fabrication de la molécule A")?.term, "Allèle A")
        // A symbol and what it stands for; a typed variable is code.
        XCTAssertEqual(DefinitionRecognizer.definition("d : la distance du parcours en mètre (m)")?.term, "d")
        XCTAssertNil(DefinitionRecognizer.definition("x: int = 5"))
        // Terms with a slash or a bracketed year; a lone "i" cut at the page's edge is nobody speaking.
        XCTAssertEqual(DefinitionRecognizer.definition("∗ USM / STM: autofocus motor")?.term, "USM / STM")
        XCTAssertEqual(DefinitionRecognizer.definition("Lisp (1958): the first dynamically typed functional programming language")?.term, "Lisp (1958)")
        XCTAssertEqual(DefinitionRecognizer.definition("Antigène : molécule reconnue par le système i")?.term, "Antigène")
        // Words in capitals are acronyms and names, not the pronoun, verb or preposition they spell (en-photography,
        // en-agile, en-programming); a standard's number after its acronym is its name (en-network).
        for (line, term) in [("IS (Image Stabilization): internal technology that reduces blur from camera shake.", "IS (Image Stabilization)"),
                             ("TO DO / INPUT QUEUE: work that has not been started", "TO DO / INPUT QUEUE"),
                             ("IN PROGRESS / IMPLEMENTATION: work that is actively being looked at by the team", "IN PROGRESS / IMPLEMENTATION"),
                             ("C (1973): a system programming language", "C (1973)"),
                             ("Speed Class (C): the number inside the C indicates speed", "Speed Class (C)"),
                             ("IEEE 802: local area networks (LAN) and metropolitan area networks (MAN)", "IEEE 802"),
                             ("Application Performance Class (A1/A2): these indicate how well the card runs apps", "Application Performance Class (A1/A2)"),
                             // A lower-case name at a line's start is the text's (a class's attributes, fr-nsi-1.3), not a label.
                             ("data : la valeur du nœud (de type Int)", "data"), ("right : le sous-arbre droit (de type Arbre).", "right"),
                             // The term's other name quoted, then what it is (en-agile); synonyms name one term (fr-nsi-4.1).
                             // Names that spell out the term are what it stands for.
                             ("OSPF : Open Shortest Path First", "OSPF"), ("DOM : Document Object Model", "DOM"), ("ADN : Acide DésoxyriboNucléique", "ADN"),
                             ("Stories: “user stories”, are short requirements or requests written from the perspective of an end user.", "Stories"),
                             ("enregistrement, ou tuple, ou n-uplet, ou t-uplet, ou vecteur : cela correspond à une ligne du tableau", "enregistrement, ou tuple, ou n-uplet, ou t-uplet, ou vecteur")] {
            XCTAssertEqual(DefinitionRecognizer.definition(line)?.term, term, line)
        }
        // …but a heading in capitals, an e-mail's field, a numbered worksheet, a speaker and words quoted alone stay what they are.
        for line in ["À RETENIR : la cellule est l'unité de base du vivant.", "RE: your question about osmosis", "TP 3 : la mitose",
                     "I think: this is the answer", "Right: that is what I meant.", "Note : la leçon est à apprendre.", "ex : la mitose",
                     "Marie : « Bonjour ! »", "Il dit : « Bonjour », puis il part.", "Dates: 12/10 and 1/2 of the year",
                     // Tasks with the command doing them, command lines, quantities and formulas (en-python, en-photography, en-algorithm).
                     "Activate an environment: conda activate env_name", "Restore: conda install --rev REVNUM", "List all environments: conda env list",
                     "Specify default packages: conda create -n myenv scipy", "Type B: up to 2000 MB/s", "Worst-case time complexity: O(logn)",
                     "Soit de manière dynamique : les réseaux s’envoient eux-mêmes des informations.",
                     // Names alone are examples or values (en-agile, en-programming, en-workout).
                     "Subject: Maths", "Titre : La Révolution française", "Note: the test is on Monday next week.",
                     // Code and another field with its value are how it is written (en-javascript).
                     "highlight: function(element, errorClass, validClass)", "Use datatables: $('#employeeTable').DataTable();",
                     "Min length: minlength: (number)",
                     // A remark, and single words in a row (en-photography, en-programming).
                     "Numbering system: generally, smaller numbers mean higher performance", "Alternative mechanisms: mixins, traits, delegates, aspects.",
                     "Agile framework: Scrum and Kanban", "Agile framework: Scrum (Kanban does have planning meeting, but not on a fixed",
                     "Database design: Entity-Relationship Modeling (ER Modeling)", "Optimum Nutrition: Vanilla or unflavor"] {
            XCTAssertNil(DefinitionRecognizer.definition(line), line)
        }
        // Orders, values, codes, lists of examples, purposes and items of an "advantages" list are no meanings.
        for line in ["Shoot in RAW: Enable RAW or C-RAW+JPEG in the menu.", "A1: minimum 1500 read / 500 write IOPS", "Enthusiast (full-frame): R8 (lightweight)",
                     "Protocols: bluetooth, wifi, NFC, etc.", "Wired: coaxial cable, twisted pair, optical fiber",
                     "Rangement : pour le matériel pédagogique", "la simplicité : un code plus facile à écrire.", "P et S : soude",
                     "Dernière éruption : octobre-novembre 2010 (322 morts).", "Control Type: There are four control types.",
                     "D. Strength training: multiply the number of minutes by 5", "Enhance Scrum using: User Story, Planning Poker",
                     "image{ : .center width=5%}", "Repérer le point de vue : narrateur externe, interne ou omniscient.", "Some common fields: - Serial Number: used to identify the certificate"] {
            XCTAssertNil(DefinitionRecognizer.definition(line), line)
        }
    }

    /// Lines of the 27 real pages measured in December (DefinitionRealPagesTests): what was missed, then what was taken wrongly.
    /// A property of the term and its figure, a possessive subject (bench/definitions/RESULTS.md, session 22's policy: figures are
    /// specifications): no meaning — a possessive whose clause holds no figure says what the thing does (`son rôle est de…`).
    func testAPropertyAndItsFigureIsNoMeaning() {
        XCTAssertNil(DefinitionRecognizer.definition("Disque piézo-électrique (2) : sa fréquence de résonance est d’environ 3500 Hz. Il peut être excité par WG.", lexicon: .empty))
        XCTAssertNil(DefinitionRecognizer.definition("Analog input A1: its range is ±16 V and its impedance 1 MΩ.", lexicon: .empty))
        XCTAssertEqual(DefinitionRecognizer.definition("Unité de commande : son rôle est de charger une instruction depuis la mémoire.", lexicon: .empty)?.term, "Unité de commande")
    }

    /// Where a thing is, when it shows, its default (the policy's a and c): no meaning; a circumstance that is the choice of an
    /// option says what choosing it does (rule 2). Lines of the kind of batch 16 (GIMP's manual), written here.
    func testPlacesAppearancesDefaultsAndChoices() {
        for line in ["Status Bar: The Status Bar is at the bottom of the window.",
                     "Barre de menus : elle se situe en haut de la fenêtre principale.",
                     "Toolbox: Directly below the menu appears the toolbox with its icons.",
                     "Stop Button: During long operations, a Stop button temporarily appears in the corner.",
                     "Unité des règles : Par défaut, l’unité utilisée est le centimètre.",
                     "Editor: it can also be opened by double-clicking on a brush."] {
            XCTAssertNil(DefinitionRecognizer.definition(line, lexicon: .shared), line)
        }
        for (line, term) in [("Antialiasing: When this option is checked, the edges of the selection are smoothed.", "Antialiasing"),
                             ("Fusion des calques : Avec cette option, tous les calques visibles sont fusionnés en un seul.", "Fusion des calques"),
                             ("Rash: A red patch that appears on the skin.", "Rash"),
                             ("Snap to grid: When enabled, objects moved on the canvas are aligned to the nearest grid point.", "Snap to grid")] {
            XCTAssertEqual(DefinitionRecognizer.definition(line, lexicon: .shared)?.term, term, line)
        }
    }

    func testFieldsSettingsCommandsAndWhatIsNoMeaning() {
        // A label that names a field is a term when its meaning says what it is (en-public-key-certificate, en-photography);
        // settings, paths, commands with a placeholder, a command in lower case, a reference link's text, a name with a figure.
        for (line, term) in [("Subject: The entity a certificate belongs to: a machine, an individual, or an organization.", "Subject"),
                             ("Key Usage: The valid cryptographic uses of the certificate’s public key.", "Key Usage"),
                             ("Public Key: A public key belonging to the certificate subject.", "Public Key"),
                             ("Subject separation: a function of your depth of field and the distance between your subject and the background.", "Subject separation"),
                             ("text eol=crlf: Git will always convert line endings to CRLF on checkout.", "text eol=crlf"),
                             ("core.autocrlf = input: commit CRLF->LF, checkout as-is LF", "core.autocrlf = input"),
                             ("~/.condarc: configure conda", "~/.condarc"), ("git rm <files> : remove files", "git rm <files>"),
                             ("conda info: show conda’s information", "conda info"), ("$(params): passing params to the jQuery object.", "$(params)"),
                             ("[netctl][netctl]: Simple and robust tool to manage network connections via profiles.", "netctl"),
                             ("pan: A GTK2 Usenet newsreader that’s good at both text and binaries.", "pan"),
                             ("Phenotype: the observable traits of an organism", "Phenotype"),
                             ("Network topology: layouts (bus, star, etc.)", "Network topology"),
                             ("schéma : le schéma d’une relation est le regroupement de tous les attributs. Ici notre schéma serait :", "schéma")] {
            XCTAssertEqual(DefinitionRecognizer.definition(line)?.term, term, line)
        }
        // Labels stating a fact, a formula, names and titles, what it replaces, is for or who made it, qualities in a row,
        // an order to the reader, a task and its command, code, a verb with its pronoun, a place in a row, a list's head,
        // a sentence about something else.
        for line in ["Key point: the cell is the basic unit of life.", "Key idea: the total amount of water on Earth stays almost the same.", "Propriété : la somme des angles d'un triangle vaut 180°.",
                     "Lieu : la salle 12.", "Résultat : la solution devient bleue.", "Préambule : retour sur le cours de Première.",
                     "Google talk: Linus Torvalds on git", "Javascript: The Good Parts by Douglas Crockford", "Algorithmic complexity: Big O notation",
                     "Fix: PROMISES", "CommonJS and AMD-based module systems: RequireJS", "Execution and Interpretation: Microtasks vs. tasks",
                     "GIMP: alternative for Adobe Photoshop", "Chakra: for Microsoft Edge", "asciidoc: used by Arch for generating pacman’s man pages",
                     "Rhino: managed by the Mozilla Foundation, open source, developed entirely in Java",
                     "V8: open source, developed by Google in Denmark, part of Google Chrome",
                     "Neck curl: hold the weight on top of your forehead and doing the neck curl.", "View list of packages: conda list",
                     "def fibo_recursif(n): if n == 0 : return 0 elif n == 1 : return 1", "unhighlight: function(element, errorClass, validClass)",
                     "Disons-le clairement : au-delà de la blague pour initiés.", "The first three characters: world manufacturer identifier (WMI)",
                     "Key components of OCI Image Specification: Defines the standard for what a container image looks like.",
                     "Arnold’s Exercises - Leg raises: with straight leg or bent knees", "principles Environment Consistency: Containers ensure that",
                     "Empty corner: The player plays in a corner square.", "Multiple layers of units: each neuron contains a number",
                     "Prime Lenses: The RF 50mm f/1.8 STM is a very affordable upgrade.", "x = 2: the root",
                     // (The third held-out batch, fr-nsi-4.2, fr-nsi1-3.3: a label, an order, an obligation, a consequence.)
                     "Pré-requis : téléchargez la base de données livres.db.", "Traduction : Il faut bien comprendre que la table est lue.",
                     "Intuition : la notion de sous-réseau n’est pas topologique.", "appartient au même sous-réseau : auquel cas le message est envoyé.",
                     "123 : la réponse", "1789 : la Révolution",
                     // (The fourth batch, en-booting, en-soft-dev, fr-nsi1-2.5: a dated name in a history, a means, symbols and formulas.)
                     "The ENIAC (1940s): doesn’t need a boot process.", "DEC PDP-8 (1965): using an array of switches.",
                     "Wercker: using it because unlimited private repositories.", "symbole usuel : & (appelé esperluette en français)",
                     "notation mathématique : $\\overline{x}$",
                     // (The fifth batch, fr-nsi1-2.2, en-computer: an adverb opening a sentence, a product's name.)
                     "Justement son caractère protégé : jamais une portion de code ne pourra le modifier.", "Secondary: mSATA SSD (Optional)"] {
            XCTAssertNil(DefinitionRecognizer.definition(line), line)
        }
        // A code span of several backquotes, a status code and its name, a sentence opening with a figure that names the term,
        // a process told in the passive (the third held-out batch: fr-nsi1-4.7, fr-nsi1-6.2, en-statistics, en-machine-learning).
        for (line, term) in [("- ```poids``` : le poids du joueur X", "poids"), ("– 304 Not Modified : la page n’a pas eu besoin d’être renvoyée.", "304 Not Modified"),
                             ("p10: 10% of data points exceed the p10 value.", "p10"),
                             ("Supervised Learning: the computer is presented with example inputs and their desired outputs", "Supervised Learning")] {
            XCTAssertEqual(DefinitionRecognizer.definition(line)?.term, term, line)
        }
        // …while a formula-like name is no setting, and an open-ended model is a term.
        XCTAssertEqual(DefinitionRecognizer.definition("Open Systems Interconnection (OSI) model: conceptual model")?.term, "Open Systems Interconnection (OSI) model")
    }

    /// Session 24's term side (bench/definitions/RESULTS.md): a figure the name goes on after in capitals, keys set in bold and a note's
    /// mark (`cos*`) are words of a term (batches 16, 17, 21); a label with a bracket, the labels `Indication`, `Optional`, a guideline, an instructor,
    /// a way through menus written `->`, a clause cut after a past participle and a step's adverb are not (batches 19, 20).
    func testTermsWithFiguresOrKeysAndLabelsWithBrackets() {
        XCTAssertEqual(DefinitionRecognizer.definition("Pressing **Shift**: merge the layer group's layers into one normal layer.")?.term, "Pressing **Shift**")
        XCTAssertEqual(DefinitionRecognizer.definition("• cos*: Cos of a triangle")?.term, "cos*")
        // (The line `Class 1 General Electronic Products: Includes consumer products…` is still missed: `Includes` is not read as
        // the verb of a clause whose subject is left out, so the label `Class` is not taken for a field described.)
        XCTAssertTrue(DefinitionRecognizer.isTerm("Class 1 General Electronic Products", hasGrammar: false, describedField: { true }))
        XCTAssertFalse(DefinitionRecognizer.isTerm("class Pile", hasGrammar: false))
        for line in ["EXERCICE (FACULTATIF ET OUVERT) : conclure en formulant quelques bonnes pratiques de l’accès à une base de données",
                     "Indication : Vous pourrez commencer par écrire une fonction qui crée et retourne un tableau",
                     "*Optional*: Redraw diagram with local, origin, and upstream.",
                     "1. Posit Cloud (in class org): New Project -> New Project from Git Repo",
                     "Design guideline: allow molecules of about 600 molecular weight, polar but no net charge",
                     "Instructor: Professor Ken Stedman at Portland State University.", "Theorem 2: the sum of the angles is 180°.",
                     "Lectures recorded for Bi334: Molecular Biology at PSU January - April, 2017",
                     "Next, type: git clone git@github.com:sduncker1/ms_protodev_llm.git protodev-llm",
                     "d'un **dictionnaire** : temps **constant**, indépendant de la taille du dictionnaire"] {
            XCTAssertNil(DefinitionRecognizer.definition(line), line)
        }
    }

    /// Session 29: a key named in brackets is a term (`[enter]: repeats last command`, batch 27), and a command's option named at the
    /// end of what a program does makes no command line of its meaning (`lockfile: … removed by rm -f`, batch 28); a marker twice is one.
    func testAKeyInBracketsAndAnOptionAtTheMeaningsEnd() {
        XCTAssertEqual(DefinitionRecognizer.definition("[tab]: completes the word being typed")?.term, "[tab]")
        XCTAssertEqual(DefinitionRecognizer.definition("[Page Down]: shows the next screen")?.term, "[Page Down]")
        XCTAssertNil(DefinitionRecognizer.definition("[1]: the first reference of the chapter"), "a note's number is no key")
        XCTAssertEqual(DefinitionRecognizer.definition("mklock: create a lock file that only the owner can delete with rm -f")?.term, "mklock")
        XCTAssertNil(DefinitionRecognizer.definition("Remove a folder: rm -r folder_name"), "a command line stays one")
        XCTAssertNil(DefinitionRecognizer.definition("Force: git push --force origin"))
        // A nested list's first item under an empty one, its marker twice (batch 27).
        XCTAssertEqual(DefinitionRecognizer.definition("- - wheelbuilder: builds pure Python wheels")?.term, "wheelbuilder")
        XCTAssertEqual(DefinitionRecognizer.stripListMarker("- - x"), "x")
        // A variable of the environment set is how to do it; a French sentence a colon cuts introduces a list.
        XCTAssertNil(DefinitionRecognizer.definition("slang: Set the terminal with export SLANG_UTF8=1."))
        XCTAssertEqual(DefinitionRecognizer.definition("slang: a library that sets the terminal; see SLANG_UTF8 in the manual.")?.term, "slang")
        XCTAssertNil(DefinitionRecognizer.definition("Un condensateur possède deux armatures : la première et la seconde."))
        XCTAssertEqual(DefinitionRecognizer.definition("Le condensateur : un composant qui stocke des charges.")?.term, "Le condensateur")
        // (Its verb's stem may write `é` as `è` before a silent ending: `possède` ← `posséder`.)
        XCTAssertNil(DefinitionRecognizer.definition("Une molécule d'eau possède deux atomes d'hydrogène : H et H."))
    }

    /// Session 20's rules, from the errors of all batches (fr-handbook-meta-paquets, en-maint-checkit, fr-efloti-attributs-fichiers,
    /// fr-faq-definitions, fr-maint-build, en-faq-software, fr-efloti-commandes-shell) and the line set's `Plankton`, `Hyperbole`.
    func testSignsLettersAndSentencesAColonCuts() {
        // Operators and letters that stand for a word are terms; a participle after a plural noun or a French elided
        // preposition ends no activity.
        for (line, term) in [("<< : strictement inférieur à ;", "<<"), ("• >= : supérieur ou égal à ;", ">="), ("= : égal à (attention, « 2.6 » est égal à « 2.6-1 ») ;", "="),
                             ("• E: for error; a sure policy violation or packaging error.", "E"), ("• W: for warning; a possible policy violation or packaging error.", "W"),
                             ("• r : signifie qu’on peut lister son contenu", "r"), ("Plankton: tiny organisms drifting in water.", "Plankton"),
                             ("Hyperbole : figure d'exagération.", "Hyperbole"),
                             ("Cohérence : chaque transaction doit amener le système d'un état valide à un autre.", "Cohérence"),
                             ("CNAME (canonical name record): alias", "CNAME (canonical name record)"), ("err : erreur ;", "err"),
                             // An acronym and capitalised words holding most of its letters; an article and a compound with a figure.
                             ("• DMZ: Demilitarized Zone on Network", "DMZ"), ("• ELF: Unix/Linux Executable and Linkable Format", "ELF"),
                             ("• CRT: C Runtime Library", "CRT"), ("• AWS account ID: a 12-digit number that uniquely identifies your account.", "AWS account ID")] {
            XCTAssertEqual(DefinitionRecognizer.definition(line)?.term, term, line)
        }
        // An answer's letter, a name for subject with its verb, a subject cut from its verb by a colon, a clause for term, a numbered label.
        for line in ["A: for all of them", "B: Bordeaux", "• Le système d’exploitation universel : Debian fournit plus de 59100 paquets et fonctionne sur 9 architectures.",
                     "• La charte Debian : Debian a des spécifications étendues des normes de qualité.",
                     "Les paquets Architecture: any sont reconstruits par les serveurs d’empaquetage automatique.",
                     "Debian ships both gnash and swfdec: two free SWF movie players.", "note2: source et destination sont les arguments de la commande cp,",
                     // A value alone (a word in lower case after a field's name, a file) and a place (`à chaque…`).
                     "• Architecture: any", "Accept-Ranges: bytes", "IDA: cross-platform", "OS: Windows NT, Linux", "AWS: Kubernetes Docker",
                     "2. Modification spécifique à l’empaquetage Debian : debian/patches/install.patch.", "– ajouter la définition Multi-Arch: à chaque section de paquet binaire ;"] {
            XCTAssertNil(DefinitionRecognizer.definition(line), line)
        }
    }

    func testDictionaryLinesKeepTheirGrammaticalNote() {
        XCTAssertEqual(DefinitionRecognizer.definition("Mitose (n. f.) : division de la cellule."),
                       .init(term: "Mitose", meaning: "division de la cellule.", grammar: "n. f."))
        XCTAssertEqual(DefinitionRecognizer.definition("photosynthesis, n. — the process by which plants make sugars"),
                       .init(term: "photosynthesis", meaning: "the process by which plants make sugars", grammar: "n."))
        XCTAssertEqual(DefinitionRecognizer.definition("**Gamète** : cellule reproductrice")?.term, "Gamète")
        XCTAssertEqual(DefinitionRecognizer.definition("Stomate\u{00A0}: petite ouverture de la feuille")?.term, "Stomate")
    }
}
