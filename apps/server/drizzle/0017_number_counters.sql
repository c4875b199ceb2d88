CREATE TABLE "number_counters" (
	"series" text NOT NULL,
	"period" text NOT NULL,
	"last" integer NOT NULL,
	CONSTRAINT "number_counters_pkey" PRIMARY KEY("series","period")
);
