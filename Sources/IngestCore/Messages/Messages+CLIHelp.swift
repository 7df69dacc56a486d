// The help pages of the `ingest` command line, one per command, in French and English. JSON
// examples are the same in both languages (the catalog's test compares their `{…}` too).
extension ErrorCode {
    public static let cliHelpGeneral: ErrorCode = "cli.help.general"
    public static let cliHelpConvert: ErrorCode = "cli.help.convert"
    public static let cliHelpWatch: ErrorCode = "cli.help.watch"
    public static let cliHelpQa: ErrorCode = "cli.help.qa"
    public static let cliHelpDeliver: ErrorCode = "cli.help.deliver"
    public static let cliHelpWorker: ErrorCode = "cli.help.worker"
    public static let cliHelpYouTube: ErrorCode = "cli.help.youtube"
    public static let cliHelpConfig: ErrorCode = "cli.help.config"
    public static let cliHelpHelp: ErrorCode = "cli.help.help"
}

extension MessageCatalog {
    static let cliHelpMessages: [ErrorCode: MessageEntry] = [
        .cliHelpGeneral: .init(
            fr: """
            ingest {version} — transforme des supports de cours en ImportedDocuments (JSON).

            Utilisation : ingest COMMANDE [options]

            Commandes :
              convert CHEMIN... --out DOSSIER   convertit fichiers et dossiers (PDF, scans, photos, .docx,
                                                audio, liens YouTube, texte) en un document JSON chacun
              watch INBOX --out DOSSIER         surveille un dossier et convertit chaque document qu'on y dépose
              qa CORPUS [--html FICHIER]        mesure la qualité de lecture d'un corpus (face aux textes attendus)
              deliver [--out DOSSIER]           envoie ce que le destinataire HTTP n'a pas encore reçu (idempotent)
              worker [--shard I/N]              convertit les requêtes lues sur l'entrée standard, une ligne
                                                JSON de résultat chacune (Spark, tableaux Slurm, Kubernetes)
              youtube LIEN --preview            vérifie un lien YouTube et montre ses sous-titres
              config                            montre, vérifie ou explique la configuration (pipeline.json)
              help [COMMANDE]                   cette aide, ou celle d'une commande

            `ingest COMMANDE --help` ou `ingest help COMMANDE` donne les options d'une commande.
            --lang fr|en choisit la langue des messages (sinon messageLanguage de la configuration, sinon LANG).
            """,
            en: """
            ingest {version} — turns course material into ImportedDocuments (JSON).

            Usage: ingest COMMAND [options]

            Commands:
              convert PATH... --out DIR   convert files and folders (PDF, scans, photos, .docx, audio,
                                          YouTube links, text) into one JSON document each
              watch INBOX --out DIR       watch a folder and convert every document dropped into it
              qa CORPUS [--html FILE]     measure how well a corpus is read (against expected texts)
              deliver [--out DIR]         send what the HTTP sink still has pending (idempotent)
              worker [--shard I/N]        convert requests read on standard input, one JSON result line
                                          each (for Spark, Slurm arrays, Kubernetes Indexed Jobs)
              youtube URL --preview       check a YouTube link and preview its captions
              config                      show, check or explain the configuration (pipeline.json)
              help [COMMAND]              this help, or a command's

            `ingest COMMAND --help` or `ingest help COMMAND` gives a command's options.
            --lang fr|en chooses the language of messages (else the configuration's messageLanguage, else LANG).
            """),
        .cliHelpHelp: .init(
            fr: """
            Utilisation : ingest help [COMMANDE]

            Sans COMMANDE, l'aide générale ; sinon l'aide de cette commande (comme `ingest COMMANDE --help`).
            """,
            en: """
            Usage: ingest help [COMMAND]

            Without COMMAND, the general help; otherwise that command's (as `ingest COMMAND --help`).
            """),
        .cliHelpConvert: .init(
            fr: """
            Utilisation : ingest convert CHEMIN... [--out DOSSIER] [options]

            Convertit fichiers et dossiers (parcourus en entier) en ImportedDocuments : un fichier
            DOSSIER/<nom>.json par document, écrit d'un coup, et DOSSIER/summary.json. - lit du texte sur
            l'entrée standard. Relancé sur le même dossier, il passe ce qui est fait et reprend ce qui a échoué.

            Options :
              --out DOSSIER      dossier de sortie (créé s'il manque ; par défaut output.directory ou ./ingest-out)
              --config FICHIER   fichier de configuration (par défaut $INGEST_CONFIG, ./pipeline.json, intégrée)
              --set CHEMIN=VALEUR  remplace une valeur de la configuration, par exemple --set ocr.pageCap=20
                                 (répétable)
              --concurrency N    documents lus en même temps (0 = nombre de cœurs)
              --password MOT     mot de passe des PDF chiffrés
              --library FICHIER  la bibliothèque SQLite des imports (par défaut library.path)
              --sink GENRE       remise : sheet (par défaut : NOM.sheet.json et NOM.sheet.md à côté de chaque
                                 document), directory, jsonl (documents sur la sortie standard), http (POST
                                 vers sink.url, réessayé, une clé d'idempotence par document et révision ;
                                 ce qui reste en attente part au lancement suivant ou par `ingest deliver`), none
              --lang fr|en       langue des messages
              --network          autorise la requête des sous-titres YouTube (coupée par défaut)
              --from DOSSIER     où chercher les fichiers enregistrés pour un lien YouTube donné
                                 (NOM [ID].info.json de yt-dlp et sous-titres, page enregistrée ; par défaut .)
              --reproducible     documents sans durées, createdAt tiré de SOURCE_DATE_EPOCH (sinon
                                 1970-01-01) : les octets qu'écrit `ingest worker` pour les mêmes sources
              --separate-photos  les photos numérotées d'un dossier (IMG_1.jpg, IMG_2.jpg…) sont des
                                 documents séparés, pas les pages d'une même leçon
              --follow-links     suit les liens symboliques qui sortent des dossiers donnés (par défaut
                                 un tel lien est refusé : file.linkOutsideTree)
              --jsonl            écrit un événement JSON par document sur la sortie standard
              --quiet            ni barre de progression ni bilan final
              --format markdown  écrit aussi NOM.md à côté de chaque NOM.json (output.format) : titres, listes,
                                 tableaux, $$formules$$, ancres de page <a id="page-3"></a> ; json (par défaut) : rien
              --chunks           écrit aussi NOM.chunks.jsonl (output.chunks.enabled) : des morceaux pour la
                                 recherche, en phrases et lignes de tableau entières, d'au plus output.chunks.tokens
                                 (512) jetons — un jeton par tranche de 4 lettres ou chiffres d'un mot commencée,
                                 un par autre caractère qui n'est pas une espace

              --lesson TITRE     tout ce qui est donné forme une leçon de cinq sources au plus, titrée TITRE
              --group folder     les fichiers de chaque dossier forment une leçon (cinq sources au plus),
                                 titrée d'après lui

            Les documents sont lus dans des processus à part : un plantage, un blocage
            (limits.documentTimeLimitSeconds) ou une explosion de mémoire (workers.memoryLimitMB) ne
            coûte que ce document (run.crashed, run.timeout, run.memory) et la suite continue.

            Codes de sortie : 0 chaque document est prêt (doublons et déjà faits compris), 1 certains ont
            échoué, ne sont pas prêts ou rien n'a été trouvé à convertir, 2 erreur d'utilisation ou de
            configuration.
            """,
            en: """
            Usage: ingest convert PATH... [--out DIR] [options]

            Converts files and folders (walked recursively) into ImportedDocuments: one DIR/<name>.json
            per document, written atomically, and DIR/summary.json. Use - to read text from standard input.
            Re-running on the same folder skips what is done and retries what failed.

            Options:
              --out DIR          output folder (created if missing; default: output.directory or ./ingest-out)
              --config FILE      configuration file (default: $INGEST_CONFIG, ./pipeline.json, built-in)
              --set PATH=VALUE   override one configuration value, e.g. --set ocr.pageCap=20 (repeatable)
              --concurrency N    documents read at once (0 = number of cores)
              --password PASS    password for encrypted PDFs
              --library FILE     the SQLite library of imports (default: library.path)
              --sink KIND        hand-off: sheet (default: NAME.sheet.json and NAME.sheet.md beside each
                                 document), directory, jsonl (documents on standard output), http (POST
                                 to sink.url, retried, one idempotency key per document and revision;
                                 what stays pending is sent by the next run or `ingest deliver`), none
              --lang fr|en       language of messages
              --network          allow the YouTube caption request (off by default)
              --from DIR         where files saved for a YouTube link given are looked for (yt-dlp
                                 NAME [ID].info.json and subtitles, saved watch page; default: .)
              --reproducible     documents without timings, createdAt from SOURCE_DATE_EPOCH (else
                                 1970-01-01): the bytes `ingest worker` writes for the same sources
              --separate-photos  numbered photos of one folder (IMG_1.jpg, IMG_2.jpg…) are separate
                                 documents, not the pages of one lesson
              --follow-links     follow symbolic links that lead out of the folders given (by
                                 default such a link is refused: file.linkOutsideTree)
              --jsonl            print one JSON event per document on standard output
              --quiet            no progress bar and no final report
              --format markdown  also NAME.md beside each NAME.json (output.format): headings, lists, pipe
                                 tables, $$formulas$$, page anchors <a id="page-3"></a>; json (default): none
              --chunks           also NAME.chunks.jsonl (output.chunks.enabled): chunks for retrieval, whole
                                 sentences and table rows, each at most output.chunks.tokens (512) tokens —
                                 a token is one per 4 letters or digits of a word begun, one per other
                                 character that is not a space

              --lesson TITLE     everything given is one lesson of up to five sources, titled TITLE
              --group folder     each folder's files are one lesson (up to five sources), titled after it

            Documents are read in worker processes: a crash, a hang (limits.documentTimeLimitSeconds)
            or a memory blow-up (workers.memoryLimitMB) costs that document only (run.crashed,
            run.timeout, run.memory) and the run goes on.

            Exit codes: 0 every document is ready (duplicates and skipped included), 1 some failed, are
            not ready or nothing was found to convert, 2 usage or configuration error.
            """),
        .cliHelpWatch: .init(
            fr: """
            Utilisation : ingest watch INBOX [--out DOSSIER] [options]

            Surveille INBOX (et ses sous-dossiers) et convertit chaque document qu'on y dépose, une fois,
            quand il est complet : copié, déplacé, enregistré par un éditeur, téléchargé par un
            navigateur ou synchronisé. Les fichiers temporaires (*.part, *.crdownload, ~$*, .~lock.*#,
            les noms cachés de rsync…) sont ignorés ; un fichier encore en cours d'écriture attend que sa
            taille n'ait pas changé pendant watch.quietSeconds et que son format soit complet
            (enregistrement de fin ZIP, %EOF du PDF, fin JPEG/PNG, moov MP4). Les fichiers déjà là sont
            lus d'abord, les plus récents en premier ; les nouveaux passent devant eux. Les photos
            numérotées d'un dossier (IMG_1.jpg, IMG_2.jpg…) deviennent un document une fois le dossier
            calme (watch.lessonQuietSeconds). Les sources ne sont jamais modifiées, déplacées ni supprimées.

            L'état est gardé dans la même bibliothèque que `ingest convert` : un redémarrage ne lit rien
            deux fois ; un fichier modifié est relu et son nouveau document remplace l'ancien (même id,
            révision suivante) ; une source supprimée est signalée et son document gardé.

            Options :
              --out DOSSIER      dossier de sortie (par défaut output.directory ou ./ingest-out)
              --once             lit ce qui est là, puis s'arrête (pour cron)
              --poll             relit le dossier au lieu d'utiliser inotify (partages réseau) ; aussi
                                 utilisé d'office quand la limite inotify du noyau est atteinte
              --jsonl            un événement JSON par ligne sur la sortie standard
              --quiet            pas de ligne d'état
              --config, --set, --concurrency, --password, --library, --sink, --lang, --network,
              --separate-photos, --format, --chunks
                                 comme pour `ingest convert`

            SIGINT/SIGTERM (Ctrl-C) : les documents en cours de lecture sont terminés, puis la
            surveillance s'arrête ; un second Ctrl-C les abandonne (rien n'est à moitié écrit ; ils sont
            relus au démarrage suivant).
            Codes de sortie : 0 arrêt normal (avec --once : chaque document est prêt), 1 avec --once
            quand certains ont échoué ou ne sont pas prêts, 2 erreur d'utilisation, de configuration ou
            INBOX absent.
            """,
            en: """
            Usage: ingest watch INBOX [--out DIR] [options]

            Watches INBOX (and its subfolders) and converts every document dropped there, once, when it
            is complete: copied, moved, saved by an editor, downloaded by a browser or synced. Temporary
            files (*.part, *.crdownload, ~$*, .~lock.*#, rsync's hidden names…) are ignored; a file still
            being written waits until its size has not changed for watch.quietSeconds and its format is
            complete (ZIP end record, PDF %EOF, JPEG/PNG end, MP4 moov). Files already there are read
            first, newest first; new arrivals go ahead of them. Numbered photos of one folder
            (IMG_1.jpg, IMG_2.jpg…) become one document once the folder is quiet
            (watch.lessonQuietSeconds). Sources are never modified, moved or deleted.

            State is kept in the same library as `ingest convert`: a restart reads nothing twice; an
            edited file is read again and its new document supersedes the old one (same id, next
            revision); a deleted source is reported and its document kept.

            Options:
              --out DIR          output folder (default: output.directory or ./ingest-out)
              --once             read what is there, then exit (for cron)
              --poll             poll instead of inotify (network shares); also used automatically
                                 when the kernel's inotify watch limit is reached
              --jsonl            one JSON event per line on standard output
              --quiet            no status line
              --config, --set, --concurrency, --password, --library, --sink, --lang, --network,
              --separate-photos, --format, --chunks
                                 as for `ingest convert`

            SIGINT/SIGTERM (Ctrl-C): documents being read are finished, then the watcher exits; a second
            Ctrl-C abandons them (nothing is half-written; they are read again at the next start).
            Exit codes: 0 stopped normally (with --once: every document ready), 1 with --once when some
            failed or are not ready, 2 usage, configuration or the inbox is missing.
            """),
        .cliHelpQa: .init(
            fr: """
            Utilisation : ingest qa CORPUS [--expected DOSSIER | --manifest FICHIER] [--baseline FICHIER]
                          [--json FICHIER] [--html FICHIER]

            Convertit chaque document de CORPUS (même chaîne et mêmes processus que convert) et mesure
            la qualité de lecture : face à son texte attendu quand il y en a un (CER, WER, rappel et
            précision des mots), et pour lui-même (mots absents du dictionnaire, U+FFFD, mojibake,
            accents perdus, part de pages OCR et confiance OCR, verdict de lecture, doublons, durée par étape),
            et, quand le manifeste donne la source d'un document (structure), ses formules (part des formules
            trouvées égales) et ses tableaux (TEDS).

            Textes attendus : NOM.expected.txt à côté de la source ou dans --expected DOSSIER, où NOM est
            le nom du document (son chemin dans CORPUS sans extension : cours/ch1 pour cours/ch1.pdf), ou
            un manifeste qui les nomme avec le verdict attendu (JSON ou TSV, voir le README).

            Options :
              --expected DOSSIER  dossier des fichiers NOM.expected.txt
              --manifest FICHIER  textes attendus, verdicts, doublons, formules et tableaux attendus par document
              --baseline FICHIER  un rapport --json antérieur : sortie 1 quand un chiffre s'est dégradé
                                  au-delà des tolérances de qa.tolerances dans pipeline.json, chacun nommé
              --json FICHIER     le rapport en JSON (schemas/qa-report.schema.json) ; - pour la sortie standard
              --html FICHIER     le rapport en une page HTML autonome
              --out DOSSIER      garde là les documents convertis (par défaut un dossier temporaire, effacé)
              --separate-photos  les photos numérotées d'un dossier sont des documents séparés (un corpus
                                 d'images de pages avec un texte attendu chacune), pas les pages d'une leçon
              --config FICHIER, --set CHEMIN=VALEUR, --concurrency N, --lang fr|en, --password MOT
              --quiet            ni barre de progression ni tableau

            Codes de sortie : 0 mesuré (sans régression), 1 régression par rapport à la référence, 2
            erreur d'utilisation, de configuration ou lancement impossible.
            """,
            en: """
            Usage: ingest qa CORPUS [--expected DIR | --manifest FILE] [--baseline FILE]
                             [--json FILE] [--html FILE]

            Converts every document of CORPUS (same pipeline and worker processes as convert) and
            measures how well it was read: against its expected text where there is one (CER, WER, word
            recall and precision), and on its own (words not in the dictionary, U+FFFD, mojibake, lost
            accents, share of OCR'd pages and OCR confidence, readiness, duplicates, time per stage), and,
            where the manifest names a document's source (structure), its formulas (share found equal) and
            its tables (TEDS).

            Expected texts: NAME.expected.txt beside the source or in --expected DIR, where NAME is the
            document's name (its path in CORPUS without extension: cours/ch1 for cours/ch1.pdf), or a
            manifest naming them and the expected readiness (JSON or TSV, see the README).

            Options:
              --expected DIR     folder of NAME.expected.txt files
              --manifest FILE    expected texts, readiness verdicts, duplicates, formulas and tables per document
              --baseline FILE    an earlier --json report: exit 1 when a figure got worse beyond the
                                 tolerances of qa.tolerances in pipeline.json, naming each one
              --json FILE        the report as JSON (schemas/qa-report.schema.json); - for standard output
              --html FILE        the report as one self-contained HTML page
              --out DIR          keep the converted documents there (default: a temporary folder, removed)
              --separate-photos  numbered photos of one folder are separate documents (a corpus of page
                                 images with one expected text each), not the pages of one lesson
              --config FILE, --set PATH=VALUE, --concurrency N, --lang fr|en, --password PASS
              --quiet            no progress bar and no table

            Exit codes: 0 measured (no regression), 1 regression against the baseline, 2 usage,
            configuration or a run that could not start.
            """),
        .cliHelpDeliver: .init(
            fr: """
            Utilisation : ingest deliver [--out DOSSIER] [options]
                          ingest deliver --sink jsonl --out DOSSIER [--all | --since HEURE] [options]

            Envoie au destinataire HTTP (sink.url) chaque document dont la bibliothèque tient la remise
            pour en attente : ceux qu'un lancement n'a pas pu remettre (le destinataire était arrêté,
            lent ou surchargé, ou le lancement a été tué). Chacun part avec la même Idempotency-Key
            qu'avant (son id et sa révision) : un destinataire qui l'a déjà reconnaît la répétition ;
            chacun est noté remis après une réponse 2xx et n'est plus jamais envoyé. `ingest convert`
            avec le destinataire http fait de même au début de chaque lancement.

            Avec --sink jsonl, écrit plutôt, une ligne JSON chacun sur la sortie standard, les documents
            qu'un lancement n'a pas remis à son lecteur (le lecteur s'est arrêté, a planté ou a été tué
            avant de prendre leur ligne entière). --all écrit chaque document de DOSSIER qu'une remise
            transmet (prêt, chaque page lue), --since HEURE ceux écrits depuis HEURE
            (2026-12-06T09:30:00Z, ou une date) : pour un lecteur qui a perdu son propre état. Une ligne
            compte comme remise une fois prise entière par le lecteur ; un lecteur qui s'en va laisse le
            reste en attente (code de sortie 1).

            Options :
              --out DOSSIER      seulement les remises des documents écrits dans DOSSIER (et ce que {out}
                                 désigne dans library.path) ; par défaut toutes les remises en attente
              --library FICHIER  la bibliothèque SQLite des imports (par défaut library.path)
              --rejected         renvoie aussi ceux que le destinataire a refusés (une réponse 4xx)
              --sink jsonl       la remise en lignes JSON (sortie standard) au lieu de HTTP
              --all, --since HEURE  avec --sink jsonl : renvoie les documents de --out DOSSIER
              --json             écrit le bilan en JSON sur la sortie standard
              --config FICHIER, --set CHEMIN=VALEUR, --lang fr|en   comme pour `ingest convert`
                                 (par exemple --set sink.url=https://… --set sink.retries=8)

            Codes de sortie : 0 plus rien en attente ni refusé, 1 une remise est encore en attente ou a
            été refusée (chacune est nommée), 2 erreur d'utilisation ou de configuration.
            """,
            en: """
            Usage: ingest deliver [--out DIR] [options]
                   ingest deliver --sink jsonl --out DIR [--all | --since TIME] [options]

            Sends to the HTTP sink (sink.url) every document whose delivery the library holds as pending:
            those a run could not deliver (the endpoint was down, slow or overloaded, or the run was
            killed). Each is sent with the same Idempotency-Key as before (its id and revision), so an
            endpoint that already has it recognises the repeat; each is recorded as delivered after a
            2xx answer and never sent again. `ingest convert` with the http sink does the same at the
            start of every run.

            With --sink jsonl, prints instead, one JSON line each on standard output, the documents a
            run did not deliver to its reader (the reader stopped, crashed or was killed before taking
            their line whole). --all prints every document of DIR that a sink hands on (ready, every
            page read), --since TIME those written from TIME on (2026-12-06T09:30:00Z, or a date): for a
            reader that lost its own state. A line counts as delivered once the reader has taken it
            whole; a reader that goes away leaves the rest pending (exit status 1).

            Options:
              --out DIR          only the deliveries of the documents written in DIR (and what {out}
                                 stands for in library.path); default: every pending delivery
              --library FILE     the SQLite library of imports (default: library.path)
              --rejected         also send again those the endpoint refused (a 4xx answer)
              --sink jsonl       the JSON Lines sink (standard output) instead of the HTTP one
              --all, --since TIME   with --sink jsonl: replay the documents of --out DIR
              --json             print the report as JSON on standard output
              --config FILE, --set PATH=VALUE, --lang fr|en   as for `ingest convert`
                                 (e.g. --set sink.url=https://… --set sink.retries=8)

            Exit codes: 0 nothing is left pending or refused, 1 some delivery is still pending or was
            refused (each is named), 2 usage or configuration error.
            """),
        .cliHelpWorker: .init(
            fr: """
            Utilisation : ingest worker [--out DOSSIER] [--root DOSSIER] [--shard I/N] [options] < REQUÊTES
                          ingest worker --plan CHEMIN... [--root DOSSIER] [--shard I/N]

            Un travailleur pour moteurs distribués (RDD.pipe de Spark, tableaux de tâches Slurm,
            Indexed Jobs de Kubernetes) : lit des requêtes sur l'entrée standard, une par ligne,
            convertit chacune avec la même chaîne, les mêmes processus et les mêmes limites que
            `ingest convert`, et écrit une ligne JSON par document sur la sortie standard, dans l'ordre
            des requêtes. Les documents sont écrits dans DOSSIER de façon reproductible
            (output.reproducible) : même source, même version et même configuration donnent le même id
            de document et les mêmes octets que `ingest convert --reproducible`, sur toute machine et
            quel que soit le nombre de reprises d'une requête.

            Une requête est un chemin (un fichier : un document ; un dossier : les documents qu'en fait
            `ingest convert`), relatif à --root, ou un objet JSON :
              {"path": "cours/ch1.pdf"}                          un document
              {"paths": ["a.pdf", "b.jpg"], "lesson": "La cellule"}   une leçon de cinq sources au plus
              {"sources": [{"files": ["p1.jpg", "p2.jpg"], "name": "p1.jpg, p2.jpg"}], "out": "p"}
              facultatifs : "out" (nom de sortie, sans .json), "lesson" (titre), "ref" (renvoyé tel quel),
                            "options": {"force": true, "separatePhotos": true} (force : relire même si c'est fait)
            Un résultat est l'issue du document (status, sources, output, id, title, readiness,
            duplicateOf, error {code, message}, warnings, milliseconds, kind) avec "request" (le numéro
            de ligne de la requête), "ref", "sha256" (du document écrit) et, avec --sink jsonl,
            "document". Une erreur est un résultat : une requête illisible (worker.badRequest), un
            fichier absent, un plantage, un blocage ou une explosion de mémoire (run.crashed,
            run.timeout, run.memory) ne fait échouer que ce document.

            Options :
              --out DOSSIER      dossier de sortie (par défaut output.directory ou ./ingest-out)
              --root DOSSIER     les chemins relatifs des requêtes sont lus d'ici, et les documents nommés
                                 d'après leur chemin sous lui, comme les nomme `ingest convert DOSSIER`
                                 (par défaut le dossier courant)
              --shard I/N        ne lit que la part I sur N (0 ≤ I < N) : un document appartient à la part
                                 donnée par une empreinte stable (FNV-1a) de son chemin sous la racine ;
                                 donne à chaque travailleur les mêmes requêtes, par exemple
                                 --shard $SLURM_ARRAY_TASK_ID/$N ou --shard $JOB_COMPLETION_INDEX/$N
              --plan CHEMIN...   écrit les requêtes (lignes JSON) qui font exactement les documents que
                                 fait `ingest convert CHEMIN...` (photos groupées, dossiers NOM.lesson,
                                 transcriptions à côté de l'audio, noms uniques), sans rien lire
              --library FICHIER  une bibliothèque SQLite (par machine) : les documents déjà faits sont
                                 passés et les doublons de cette machine trouvés ; sans elle chaque
                                 requête est lue seule et les doublons se trouvent à la fusion (par id)
              --quiet            pas de ligne de comptes sur la sortie d'erreur à la fin
              --config, --set, --concurrency, --password, --sink, --lang, --network,
              --separate-photos  comme pour `ingest convert`

            Les résultats sont notés dans DOSSIER (.ingest-worker-I-of-N.journal) jusqu'à ce que le
            lecteur ait pris chaque ligne entière : un travailleur qui a planté ou a été tué, ou dont le
            lecteur est parti, y laisse ses requêtes sans réponse, et le travailleur suivant sur le même
            DOSSIER et la même part y répond d'abord (un résultat déjà fait est réécrit tel quel). Un
            lecteur qui s'en va arrête le travailleur (il ne lit plus de requêtes).

            Codes de sortie : 0 chaque requête a son résultat (documents en échec compris), 1 le lecteur
            est parti avant de prendre chaque résultat (le travailleur suivant y répond d'abord), 2
            erreur d'utilisation, de configuration, ou aucun document n'a pu être lu (chaque résultat
            porte alors l'erreur).
            """,
            en: """
            Usage: ingest worker [--out DIR] [--root DIR] [--shard I/N] [options] < REQUESTS
                   ingest worker --plan PATH... [--root DIR] [--shard I/N]

            A worker for distributed engines (Spark's RDD.pipe, Slurm job arrays, Kubernetes Indexed
            Jobs): reads requests on standard input, one per line, converts each with the same pipeline,
            worker processes and hard limits as `ingest convert`, and prints one JSON line per document
            on standard output, in the order of the requests. Documents are written to DIR reproducibly
            (output.reproducible): the same source, pipeline version and configuration give the same
            document id and the same bytes as `ingest convert --reproducible` writes, on any machine and
            however often a request is retried.

            A request is a path (a file: one document; a folder: the documents `ingest convert` makes of
            it), relative to --root, or a JSON object:
              {"path": "cours/ch1.pdf"}                          one document
              {"paths": ["a.pdf", "b.jpg"], "lesson": "La cellule"}   one lesson of up to five sources
              {"sources": [{"files": ["p1.jpg", "p2.jpg"], "name": "p1.jpg, p2.jpg"}], "out": "p"}
              optional: "out" (output name, without .json), "lesson" (title), "ref" (echoed back),
                        "options": {"force": true, "separatePhotos": true} (force: read again even if done)
            A result is the document's outcome (status, sources, output, id, title, readiness,
            duplicateOf, error {code, message}, warnings, milliseconds, kind) with "request" (the
            request's line number), "ref", "sha256" (of the document written) and, with --sink jsonl,
            "document". An error is a result: a request that cannot be read (worker.badRequest), a
            missing file, a crash, a hang or a memory blow-up (run.crashed, run.timeout, run.memory)
            fails that document only.

            Options:
              --out DIR          output folder (default: output.directory or ./ingest-out)
              --root DIR         relative request paths are read from here, and documents are named
                                 after their path under it, as `ingest convert DIR` names them
                                 (default: the current folder)
              --shard I/N        read only shard I of N (0 ≤ I < N): a document belongs to the shard
                                 given by a stable hash (FNV-1a) of its path under the root; give every
                                 worker the same requests, e.g. --shard $SLURM_ARRAY_TASK_ID/$N or
                                 --shard $JOB_COMPLETION_INDEX/$N
              --plan PATH...     print the requests (JSON lines) that make exactly the documents
                                 `ingest convert PATH...` makes (photos grouped, NAME.lesson folders,
                                 transcripts beside audio, unique names), instead of reading anything
              --library FILE     an SQLite library (per machine): documents already done are skipped
                                 and duplicates on this machine found; without it each request is read
                                 on its own and duplicates are found when results are merged (by id)
              --quiet            no line of counts on standard error at the end
              --config, --set, --concurrency, --password, --sink, --lang, --network,
              --separate-photos  as for `ingest convert`

            Results are journalled in DIR (.ingest-worker-I-of-N.journal) until the reader has taken
            each line whole: a worker that crashed or was killed, or whose reader went away, leaves its
            unanswered requests there, and the next worker on the same DIR and shard answers them
            first (a result already made is written again as it was). A reader that goes away stops the
            worker (it reads no more requests).

            Exit codes: 0 every request has its result (failed documents included), 1 the reader went
            away before taking every result (they are answered first by the next worker), 2 usage,
            configuration, or no document could be read at all (every result then carries the error).
            """),
        .cliHelpYouTube: .init(
            fr: """
            Utilisation : ingest youtube LIEN --preview [--from DOSSIER] [--json] [--network] [options]

            Vérifie d'abord un lien YouTube hors ligne et dit s'il est valide (et quelle vidéo), puis montre
            son aperçu : titre, chaîne, durée, pistes de sous-titres et la piste qui sera prise — sans
            télécharger de transcription. L'aperçu est lu dans ce qui a été enregistré pour cette vidéo
            dans le dossier courant (ou DOSSIER avec --from) : un NOM [ID].info.json de yt-dlp avec ses
            fichiers de sous-titres, ou la page de la vidéo enregistrée depuis le navigateur (.html). Sans
            eux, il faut le réseau : il est coupé sauf avec --network ou youtube.network à true dans la
            configuration, et le message dit quelle commande yt-dlp enregistre les fichiers, et où.
            """,
            en: """
            Usage: ingest youtube URL --preview [--from DIR] [--json] [--network] [options]

            Checks a YouTube link offline first and says whether it is valid (and which video), then shows
            its preview: title, channel, duration, caption tracks and the track that will be used — without
            downloading any transcript. The preview is read from what was saved for that video in the
            current folder (or DIR with --from): a yt-dlp NAME [ID].info.json with its subtitle files, or the
            watch page saved from the browser (.html). Without them, network use is needed: it is off unless
            --network is given or youtube.network is true in the configuration, and the message says which
            yt-dlp command saves the files where.
            """),
        .cliHelpConfig: .init(
            fr: """
            Utilisation : ingest config [--check FICHIER] [--schema] [--defaults] [--set CHEMIN=VALEUR]...

            Montre la configuration en vigueur (après --config/$INGEST_CONFIG/./pipeline.json et les
            remplacements), vérifie un fichier (chaque erreur, avec son chemin JSON et la valeur
            attendue), ou écrit le schéma JSON de pipeline.json ou la configuration intégrée.
            """,
            en: """
            Usage: ingest config [--check FILE] [--schema] [--defaults] [--set PATH=VALUE]...

            Shows the configuration in force (after --config/$INGEST_CONFIG/./pipeline.json and overrides),
            checks a file (every error, each with its JSON path and the expected value), or prints the
            JSON Schema of pipeline.json or the built-in defaults.
            """),
    ]
}
