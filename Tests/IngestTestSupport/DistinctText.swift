import Foundation

/// Chapters that are different texts: real French course words drawn by a seeded generator, each
/// seed its own draw. Two of them share common words as two chapters of one course do, but never
/// enough to be near-duplicates of each other (SPEC §6: a text differing from another by a name
/// repeated in every line IS a near-duplicate of it, and is not written a second time).
public enum DistinctText {
    /// Words of a physics course, function words last (the most frequent ones).
    public static let vocabulary = """
        onde sonore vibration fréquence période amplitude longueur milieu air eau solide propagation vitesse \
        son aigu grave hertz oreille tympan signal capteur microphone oscilloscope mesure courbe écran temps \
        distance célérité mètre seconde écho réflexion absorption intensité niveau décibel seuil douleur \
        audition bruit musique instrument corde tension note harmonique fondamentale spectre analyse \
        expérience élève professeur classe exercice question réponse résultat calcul formule valeur unité \
        lumière rayon lentille image objet miroir prisme couleur spectre énergie puissance chaleur moteur \
        électrique courant circuit résistance générateur pile lampe interrupteur branchement série dérivation \
        atome molécule noyau électron charge force masse poids gravitation planète soleil lune orbite chute \
        mouvement trajectoire repère référentiel position point droite cercle accélération inertie principe \
        loi théorème démonstration hypothèse conclusion observation schéma tableau graphique donnée étude \
        le la les un une des du de et ou mais donc car ni que qui dont où ce cette ces son sa ses leur \
        est sont était sera peut doit fait on nous vous ils elles dans par pour sur sous avec sans entre \
        plus moins très bien aussi encore toujours jamais souvent alors ainsi comme quand lorsque si
        """.split(separator: " ").map(String.init)

    /// The paragraphs (five sentences each) of a chapter of `sentences` sentences.
    public static func paragraphs(_ rng: inout SeededGenerator, sentences: Int) -> [String] {
        var paragraphs: [String] = [], current: [String] = []
        for s in 0..<sentences {
            let length = Int.random(in: 8...18, using: &rng)
            var words: [String] = []
            for _ in 0..<length {
                // Half the words from the 60 most common, half from the whole list.
                let pool = Bool.random(using: &rng) ? vocabulary.suffix(60) : vocabulary[...]
                words.append(pool.randomElement(using: &rng)!)
            }
            let sentence = words.joined(separator: " ")
            current.append(sentence.prefix(1).uppercased() + sentence.dropFirst() + (s % 5 == 4 ? " ?" : "."))
            if current.count == 5 { paragraphs.append(current.joined(separator: " ")); current = [] }
        }
        if !current.isEmpty { paragraphs.append(current.joined(separator: " ")) }
        return paragraphs
    }

    /// Chapter `n` as one text (paragraphs separated by blank lines), the same for the same `n`,
    /// of about `characters` characters.
    public static func chapter(_ n: Int, characters: Int = 2400) -> String {
        var rng = SeededGenerator(seed: 0xC4A9 &+ UInt64(n) &* 7919)
        return paragraphs(&rng, sentences: max(3, characters / 75)).joined(separator: "\n\n") + "\n"
    }
}
