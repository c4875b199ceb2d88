-- 政策文件's keyword search (docs/policy-docs.md): the bigrams of a document's title, 文号 and full
-- text, for policies_search_idx. A function of its own with its search_path fixed, because an index
-- is built (and vacuumed, reindexed, restored) under a search_path holding only pg_catalog, where
-- hqt_bigrams could not find hqt_search_tokens. Inline tags are removed here first: the `\b` of
-- hqt_search_tokens' own pattern is a backspace in PostgreSQL's regular expressions (a word's end is
-- `\y`), so it replaces them by a break, and 量子<strong>通信</strong> would lose 子通.
CREATE FUNCTION hqt_doc_search(title text, doc_no text, content_html text) RETURNS tsvector
LANGUAGE sql IMMUTABLE PARALLEL SAFE SET search_path FROM CURRENT AS $$
  SELECT hqt_bigrams(title || ' ' || doc_no || ' ' || regexp_replace(content_html, '</?(strong|b|em|i|span|a|u|sub|sup)\y[^>]*>', '', 'gi'))
$$;
--> statement-breakpoint
CREATE INDEX "policies_search_idx" ON "policies" USING gin (hqt_doc_search("title", "doc_no", "content_html"));