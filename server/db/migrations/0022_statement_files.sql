-- A day's statement as several files (docs/reconciliation.md, "Several files a day"): an import's files
-- in a table of their own, and each run's files with the run that holds their rows.
CREATE TABLE "statement_import_files" (
	"import_id" bigint NOT NULL,
	"seq" smallint NOT NULL,
	"file_name" varchar(255) NOT NULL,
	"size" integer NOT NULL,
	"content" "bytea" NOT NULL,
	CONSTRAINT "statement_import_files_import_id_seq_pk" PRIMARY KEY("import_id","seq")
);
--> statement-breakpoint
ALTER TABLE "reconciliation_runs" ADD COLUMN "files" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "statement_import_files" ADD CONSTRAINT "statement_import_files_import_id_statement_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."statement_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Every import so far is one file: its bytes move to the new table.
INSERT INTO "statement_import_files" ("import_id", "seq", "file_name", "size", "content")
  SELECT "id", 0, "file_name", "size", "content" FROM "statement_imports" WHERE "content" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "statement_imports" DROP COLUMN "content";--> statement-breakpoint
-- A run so far is one file carrying the whole day; its rows are its own unless it was refused.
UPDATE "reconciliation_runs" SET "files" = jsonb_build_array(jsonb_build_object(
    'fileName', "file_name", 'contentHash', "content_hash", 'currency', null,
    'rowsRunId', CASE WHEN "status" = 'matched' THEN "id" END,
    'refusal', CASE WHEN "status" = 'refused' THEN jsonb_build_object(
      'line', coalesce("refusal_line", 0), 'reason', coalesce("refusal_reason", ''),
      'detail', coalesce("refusal_detail", '')) END));