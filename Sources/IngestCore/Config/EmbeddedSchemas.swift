// The pipeline schema and default configuration, embedded so the tool works from any folder.
// `schemas/pipeline.schema.json` and `pipeline.json` must stay byte-identical to these (a test checks);
// `ingest config --schema` and `ingest config --defaults` print them.
enum EmbeddedSchemas {
    static let pipelineSchema = #"""
{
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "$id": "https://ingest.local/schemas/pipeline.schema.json",
  "title": "Ingest pipeline configuration (pipeline.json)",
  "type": "object",
  "additionalProperties": false,
  "properties": {
    "$schema": { "type": "string" },
    "messageLanguage": { "description": "language of user-facing messages", "enum": ["fr", "en"] },
    "userLanguages": {
      "description": "the user's languages, most preferred first (BCP 47 such as fr or fr-CA); empty means the locale",
      "type": "array", "maxItems": 20,
      "items": { "type": "string", "description": "a language code", "pattern": "^[A-Za-z]{2,3}([-_][A-Za-z0-9]{2,8})*$" }
    },
    "concurrency": { "description": "documents read at once; 0 means the number of cores", "type": "integer", "minimum": 0, "maximum": 64 },
    "ocr": {
      "type": "object", "additionalProperties": false,
      "properties": {
        "languages": { "description": "Tesseract languages joined by +", "type": "string", "pattern": "^[a-z_]{3,}(\\+[a-z_]{3,})*$" },
        "pageCap": { "type": "integer", "minimum": 1, "maximum": 2000 },
        "dpi": { "type": "integer", "minimum": 70, "maximum": 1200 },
        "pageTimeLimitSeconds": { "type": "number", "exclusiveMinimum": 0, "maximum": 3600 },
        "maxImagePixels": { "type": "integer", "minimum": 1, "maximum": 4000000000 },
        "lowConfidenceBelow": { "type": "number", "minimum": 0, "maximum": 100 },
        "workers": { "description": "OCR engines run at once; 0 means the number of cores", "type": "integer", "minimum": 0, "maximum": 64 },
        "skipBlankPages": { "description": "a page without a mark the size of a character is not recognised", "type": "boolean" },
        "detectScript": { "description": "script detection first: a page in a script without an installed model is not recognised", "type": "boolean" },
        "junkConfidenceBelow": { "description": "a page whose words' mean confidence is under this, and mostly not in the dictionaries, is left out of the text", "type": "number", "minimum": 0, "maximum": 100 },
        "junkDictionaryShareBelow": { "description": "share of a page's words found in the dictionaries under which a low-confidence page is junk", "type": "number", "minimum": 0, "maximum": 1 },
        "fitResolution": { "description": "pages read at the resolution that fits their type size (x-height about 30 px, 150-400 dpi) instead of dpi", "type": "boolean" }
      }
    },
    "readiness": {
      "type": "object", "additionalProperties": false,
      "properties": {
        "notReadyBelow": { "type": "integer", "minimum": 0, "maximum": 1000000 },
        "shortBelow": { "type": "integer", "minimum": 0, "maximum": 1000000 },
        "visionPageCap": { "type": "integer", "minimum": 0, "maximum": 100 },
        "fingerprintMinCharacters": { "type": "integer", "minimum": 0, "maximum": 1000000 }
      }
    },
    "youtube": {
      "type": "object", "additionalProperties": false,
      "properties": {
        "durationCapMinutes": { "type": "integer", "minimum": 1, "maximum": 1440 },
        "network": { "type": "boolean" },
        "baseURL": { "type": "string", "pattern": "^https?://[^\\s]+$" },
        "timeoutSeconds": { "type": "number", "exclusiveMinimum": 0, "maximum": 600 },
        "retries": { "type": "integer", "minimum": 0, "maximum": 10 }
      }
    },
    "limits": {
      "type": "object", "additionalProperties": false,
      "properties": {
        "maxFileBytes": { "type": "integer", "minimum": 1 },
        "zipMaxUncompressedBytes": { "type": "integer", "minimum": 1 },
        "zipMaxRatio": { "type": "number", "minimum": 1 },
        "zipMaxEntries": { "type": "integer", "minimum": 1 },
        "documentTimeLimitSeconds": { "description": "wall time one document may take, OCR included; the reader is stopped after it", "type": "number", "exclusiveMinimum": 0, "maximum": 86400 },
        "coverMaxBytes": { "type": "integer", "minimum": 0 }
      }
    },
    "workers": {
      "type": "object", "additionalProperties": false,
      "properties": {
        "isolation": { "description": "process: documents are read in worker processes (a crash, hang or memory blow-up costs one document); none: in the ingest process itself", "enum": ["process", "none"] },
        "memoryLimitMB": { "description": "resident memory a worker may use while reading one document; over it the document gets run.memory", "type": "integer", "minimum": 64, "maximum": 1048576 },
        "recycleAfterDocuments": { "description": "a worker is replaced after this many documents", "type": "integer", "minimum": 1, "maximum": 1000000 },
        "recycleAboveMB": { "description": "a worker is replaced after a document that leaves it above this resident size", "type": "integer", "minimum": 16, "maximum": 1048576 }
      }
    },
    "qa": {
      "type": "object", "additionalProperties": false,
      "properties": {
        "tolerances": {
          "description": "ingest qa --baseline: how much a figure may worsen per document before it counts as a regression",
          "type": "object", "additionalProperties": false,
          "properties": {
            "cer": { "description": "rise of the character error rate", "type": "number", "minimum": 0 },
            "wer": { "description": "rise of the word error rate", "type": "number", "minimum": 0 },
            "wordRecall": { "description": "fall of the word recall", "type": "number", "minimum": 0 },
            "wordPrecision": { "description": "fall of the word precision", "type": "number", "minimum": 0 },
            "outOfVocabularyRatio": { "description": "rise of the share of words not in the dictionary", "type": "number", "minimum": 0 },
            "ocrConfidence": { "description": "fall of the mean OCR confidence (0-100)", "type": "number", "minimum": 0 }
          }
        },
        "pageImages": { "description": "at most this many page images in the HTML report, in all (every page of each document, until the limit)", "type": "integer", "minimum": 0, "maximum": 100000 }
      }
    },
    "watch": {
      "type": "object", "additionalProperties": false,
      "properties": {
        "quietSeconds": { "description": "a file that is not closed by its writer is taken once its size and time are unchanged for this long", "type": "number", "minimum": 0, "maximum": 3600 },
        "closedSettleSeconds": { "description": "a file its writer closed (or renamed into place) is taken once unchanged for this long (a writer may reopen it)", "type": "number", "minimum": 0, "maximum": 3600 },
        "lessonQuietSeconds": { "description": "numbered photos of one folder become one document once the folder is quiet this long", "type": "number", "minimum": 0, "maximum": 86400 },
        "pollSeconds": { "description": "interval of the polling scan (network shares, --poll, no inotify watches left)", "type": "number", "exclusiveMinimum": 0, "maximum": 3600 },
        "giveUpIncompleteAfterSeconds": { "description": "a stable file that still looks incomplete is read anyway after this long (its error is then named)", "type": "number", "minimum": 0, "maximum": 604800 }
      }
    },
    "pdf": {
      "type": "object", "additionalProperties": false,
      "properties": {
        "password": { "type": ["string", "null"] }
      }
    },
    "output": {
      "type": "object", "additionalProperties": false,
      "properties": {
        "directory": { "type": ["string", "null"], "minLength": 1 },
        "pretty": { "type": "boolean" },
        "reproducible": { "description": "documents without timings, createdAt from SOURCE_DATE_EPOCH (else 1970-01-01): the same sources give the same bytes (ingest worker always)", "type": "boolean" },
        "duplicates": { "description": "what a duplicate leaves in the output folder: pointer (NAME.duplicate.json naming the document it repeats) or link (a hard link NAME.json to it)", "enum": ["pointer", "link"] },
        "format": { "description": "json: NAME.json only; markdown: also NAME.md beside it (headings, lists, pipe tables, $$formulas$$, page anchors)", "enum": ["json", "markdown"] },
        "chunks": {
          "description": "NAME.chunks.jsonl beside each document (schemas/chunk.schema.json): whole sentences and table rows for retrieval",
          "type": "object", "additionalProperties": false,
          "properties": {
            "enabled": { "type": "boolean" },
            "tokens": { "description": "token budget of a chunk (a token: one per 4 letters or digits of a word begun, one per other non-space character)", "type": "integer", "minimum": 16, "maximum": 65536 }
          }
        }
      }
    },
    "sink": {
      "type": "object", "additionalProperties": false,
      "properties": {
        "kind": { "description": "where documents are handed on", "enum": ["sheet", "directory", "jsonl", "http", "none"] },
        "url": { "type": ["string", "null"], "pattern": "^https?://[^\\s]+$" },
        "retries": { "description": "http: attempts after the first on a timeout, a dropped connection, 408, 429 or 5xx", "type": "integer", "minimum": 0, "maximum": 20 },
        "timeoutSeconds": { "description": "http: time one attempt may take", "type": "number", "exclusiveMinimum": 0, "maximum": 600 },
        "backoffSeconds": { "description": "http: wait before the first retry, doubled at each next one", "type": "number", "minimum": 0, "maximum": 600 },
        "maxWaitSeconds": { "description": "http: longest wait between attempts, a Retry-After answer included", "type": "number", "minimum": 0, "maximum": 3600 }
      }
    },
    "library": {
      "type": "object", "additionalProperties": false,
      "properties": {
        "path": { "description": "SQLite file; ~ is the home folder; {out} is the output folder", "type": "string", "minLength": 1 },
        "nearDuplicateThreshold": { "description": "similarity from which an earlier import is the same text (a duplicate of kind near)", "type": "number", "minimum": 0, "maximum": 1 },
        "revisionThreshold": { "description": "similarity from which an earlier import is listed as a revision (not a duplicate)", "type": "number", "minimum": 0, "maximum": 1 },
        "maxNearDuplicates": { "description": "near-duplicates listed per document, the most similar first", "type": "integer", "minimum": 0, "maximum": 1000 }
      }
    }
  }
}
"""#

    static let defaultPipeline = #"""
{
  "$schema": "./schemas/pipeline.schema.json",
  "messageLanguage": "fr",
  "userLanguages": [],
  "concurrency": 0,
  "ocr": {
    "languages": "fra+eng",
    "pageCap": 40,
    "dpi": 300,
    "pageTimeLimitSeconds": 60,
    "maxImagePixels": 200000000,
    "lowConfidenceBelow": 60,
    "workers": 0,
    "skipBlankPages": true,
    "detectScript": true,
    "junkConfidenceBelow": 60,
    "junkDictionaryShareBelow": 0.5,
    "fitResolution": true
  },
  "readiness": {
    "notReadyBelow": 120,
    "shortBelow": 1800,
    "visionPageCap": 6,
    "fingerprintMinCharacters": 200
  },
  "youtube": {
    "durationCapMinutes": 60,
    "network": false,
    "baseURL": "https://www.youtube.com",
    "timeoutSeconds": 15,
    "retries": 2
  },
  "limits": {
    "maxFileBytes": 1073741824,
    "zipMaxUncompressedBytes": 1073741824,
    "zipMaxRatio": 200,
    "zipMaxEntries": 20000,
    "documentTimeLimitSeconds": 300,
    "coverMaxBytes": 10485760
  },
  "workers": {
    "isolation": "process",
    "memoryLimitMB": 2048,
    "recycleAfterDocuments": 2000,
    "recycleAboveMB": 1024
  },
  "qa": {
    "tolerances": {
      "cer": 0.01,
      "wer": 0.02,
      "wordRecall": 0.01,
      "wordPrecision": 0.01,
      "outOfVocabularyRatio": 0.02,
      "ocrConfidence": 5
    },
    "pageImages": 300
  },
  "watch": {
    "quietSeconds": 2,
    "closedSettleSeconds": 0.05,
    "lessonQuietSeconds": 10,
    "pollSeconds": 2,
    "giveUpIncompleteAfterSeconds": 600
  },
  "pdf": {
    "password": null
  },
  "output": {
    "directory": null,
    "pretty": true,
    "reproducible": false,
    "duplicates": "pointer",
    "format": "json",
    "chunks": {
      "enabled": false,
      "tokens": 512
    }
  },
  "sink": {
    "kind": "sheet",
    "url": null,
    "retries": 5,
    "timeoutSeconds": 30,
    "backoffSeconds": 0.5,
    "maxWaitSeconds": 60
  },
  "library": {
    "path": "~/.local/share/ingest/library.sqlite",
    "nearDuplicateThreshold": 0.8,
    "revisionThreshold": 0.5,
    "maxNearDuplicates": 10
  }
}
"""#
}
