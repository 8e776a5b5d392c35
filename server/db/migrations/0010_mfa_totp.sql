CREATE TABLE "mfa_recovery_codes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "mfa_recovery_codes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"operator_id" integer NOT NULL,
	"code_hash" varchar(64) NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "operators" ADD COLUMN "mfa_secret" varchar(255);--> statement-breakpoint
ALTER TABLE "operators" ADD COLUMN "mfa_enrolled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "operators" ADD COLUMN "mfa_last_step" bigint;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "second_factor" varchar(10);--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "mfa_pending_secret" varchar(255);--> statement-breakpoint
ALTER TABLE "mfa_recovery_codes" ADD CONSTRAINT "mfa_recovery_codes_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mfa_recovery_codes_operator_idx" ON "mfa_recovery_codes" USING btree ("operator_id","code_hash");