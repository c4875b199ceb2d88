-- Chinese keyword search without a segmenter (see shared notes, chinese-search): each run of
-- CJK characters becomes its overlapping two-character pieces (研发投入 → 研发 发投 投入), a lone
-- CJK character stays itself, Latin words and numbers stay whole. Tags are stripped first,
-- inline ones without a break so that they do not split words.
CREATE FUNCTION hqt_search_tokens(t text) RETURNS SETOF text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  WITH plain AS (
    SELECT lower(regexp_replace(regexp_replace(coalesce(t, ''), '</?(strong|b|em|i|span|a|u|sub|sup)\b[^>]*>', '', 'gi'), '<[^>]*>', ' ', 'g')) AS s
  )
  SELECT CASE WHEN char_length(run) = 1 THEN run ELSE substr(run, i, 2) END
  FROM plain,
       LATERAL regexp_matches(plain.s, '[\u3400-\u4dbf\u4e00-\u9fff]+', 'g') AS m(parts),
       LATERAL (SELECT m.parts[1] AS run) r,
       LATERAL generate_series(1, greatest(char_length(run) - 1, 1)) AS i
  UNION ALL
  SELECT w.parts[1] FROM plain, LATERAL regexp_matches(plain.s, '[a-z0-9]+', 'g') AS w(parts)
$$;
--> statement-breakpoint
CREATE FUNCTION hqt_bigrams(t text) RETURNS tsvector
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(array_to_tsvector(array_agg(DISTINCT tok)), ''::tsvector) FROM hqt_search_tokens(t) AS tok
$$;
--> statement-breakpoint
-- What a user typed → an AND of its pieces; NULL when it has none (a lone character: the caller
-- falls back to a substring match).
CREATE FUNCTION hqt_bigram_query(q text) RETURNS tsquery
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT string_agg(DISTINCT quote_literal(tok), ' & ')::tsquery
  FROM hqt_search_tokens(q) AS tok
  WHERE char_length(tok) > 1 OR tok ~ '^[a-z0-9]'
$$;
