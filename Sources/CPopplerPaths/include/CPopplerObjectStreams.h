#ifndef CPOPPLEROBJECTSTREAMS_H
#define CPOPPLEROBJECTSTREAMS_H

// How many parsed object streams a poppler document keeps (ObjectStreams.cpp).

#ifdef __cplusplus
extern "C" {
#endif

/// Makes the `PopplerDocument *` `document` keep up to `count` parsed object streams instead of
/// poppler 22.12's five; 1 when it does, 0 when its cross-reference table could not be read as
/// 22.12 lays it out (nothing was changed). Called right after the document is opened, before
/// another thread reads it.
int ingest_document_keep_object_streams(void *document, int count);

/// How many parsed object streams `document` keeps; -1 when its cross-reference table could not
/// be read as poppler 22.12 lays it out.
int ingest_document_object_streams_kept(void *document);

#ifdef __cplusplus
}
#endif

#endif
