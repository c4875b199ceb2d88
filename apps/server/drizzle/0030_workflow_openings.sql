-- A workflow item's timeline opens with the step that filed it (Flow.initial, lib/workflow.ts
-- `start`): 企业诉求's `file` and 企业赋码's `issue` are written with the item from now on. The items
-- filed before get theirs here, at their filing time: an appeal by its filer (the visit's lead for a
-- problem raised on a visit, as staff), a code by the system. Timelines are read by time, then id,
-- so these rows come first although their ids are new.
INSERT INTO "workflow_steps" ("subject_kind", "subject_id", "step", "from_state", "to_state", "actor_id", "actor_role", "at")
SELECT 'appeal', a."id", 'file', 'submitted', 'submitted',
  CASE WHEN a."visit_problem_key" IS NULL THEN a."account_id" ELSE lead."account_id" END,
  CASE WHEN a."visit_problem_key" IS NULL THEN 'enterprise' ELSE 'staff' END,
  a."created_at"
FROM "appeals" a
LEFT JOIN "visit_staff" lead ON lead."visit_id" = a."visit_id" AND lead."lead"
WHERE (a."visit_problem_key" IS NULL OR lead."account_id" IS NOT NULL)
  AND NOT EXISTS (SELECT 1 FROM "workflow_steps" s WHERE s."subject_kind" = 'appeal' AND s."subject_id" = a."id" AND s."step" = 'file');--> statement-breakpoint
INSERT INTO "workflow_steps" ("subject_kind", "subject_id", "step", "from_state", "to_state", "actor_id", "actor_role", "at")
SELECT 'entcode', c."id", 'issue', 'active', 'active', NULL, 'system', c."created_at"
FROM "enterprise_codes" c
WHERE NOT EXISTS (SELECT 1 FROM "workflow_steps" s WHERE s."subject_kind" = 'entcode' AND s."subject_id" = c."id" AND s."step" = 'issue');
