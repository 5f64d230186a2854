-- CreateSchema
CREATE SCHEMA IF NOT EXISTS "public";

-- CreateTable
CREATE TABLE "Task" (
    "id" SERIAL NOT NULL,
    "environment" TEXT NOT NULL,
    "dataset" TEXT NOT NULL,
    "index" INTEGER NOT NULL,
    "query" TEXT NOT NULL,
    "gold" TEXT NOT NULL,
    "hardness" TEXT,
    "db" TEXT,
    "fileSystem" INTEGER,
    "extra" JSONB NOT NULL DEFAULT '{}',

    CONSTRAINT "Task_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Run" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "environment" TEXT,
    "model" TEXT,
    "strategy" TEXT,
    "turnLimit" INTEGER,
    "status" TEXT NOT NULL DEFAULT 'done',
    "config" JSONB NOT NULL DEFAULT '{}',
    "sourceHashes" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "total" INTEGER NOT NULL DEFAULT 0,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finishedAt" TIMESTAMP(3),

    CONSTRAINT "Run_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Episode" (
    "id" TEXT NOT NULL,
    "taskId" INTEGER NOT NULL,
    "runId" TEXT,
    "playerKind" TEXT NOT NULL,
    "playerName" TEXT,
    "model" TEXT,
    "strategy" TEXT,
    "source" TEXT NOT NULL DEFAULT 'live',
    "status" TEXT NOT NULL DEFAULT 'active',
    "turnLimit" INTEGER,
    "turns" INTEGER NOT NULL DEFAULT 0,
    "errorRate" DOUBLE PRECISION,
    "driver" TEXT,
    "sandboxId" TEXT,
    "castWidth" INTEGER,
    "castHeight" INTEGER,
    "error" TEXT,
    "startedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "endedAt" TIMESTAMP(3),

    CONSTRAINT "Episode_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Score" (
    "episodeId" TEXT NOT NULL,
    "mode" TEXT NOT NULL,
    "reward" DOUBLE PRECISION NOT NULL,
    "success" BOOLEAN NOT NULL,
    "solvedAtTurn" INTEGER,
    "maxRewardIdx" INTEGER,
    "breakdown" JSONB NOT NULL DEFAULT '{}',
    "version" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Score_pkey" PRIMARY KEY ("episodeId","mode")
);

-- CreateTable
CREATE TABLE "Step" (
    "episodeId" TEXT NOT NULL,
    "index" INTEGER NOT NULL,
    "action" TEXT NOT NULL,
    "observation" TEXT NOT NULL DEFAULT '',
    "observationAnsi" TEXT,
    "truncated" BOOLEAN NOT NULL DEFAULT false,
    "exitCode" INTEGER,
    "admissible" BOOLEAN,
    "reward" DOUBLE PRECISION,
    "thought" TEXT,
    "plan" TEXT,
    "startedAt" TIMESTAMP(3),
    "durationMs" INTEGER,
    "castStart" DOUBLE PRECISION,
    "castEnd" DOUBLE PRECISION,

    CONSTRAINT "Step_pkey" PRIMARY KEY ("episodeId","index")
);

-- CreateTable
CREATE TABLE "TerminalEvent" (
    "episodeId" TEXT NOT NULL,
    "seq" INTEGER NOT NULL,
    "time" DOUBLE PRECISION NOT NULL,
    "code" TEXT NOT NULL,
    "data" TEXT NOT NULL,

    CONSTRAINT "TerminalEvent_pkey" PRIMARY KEY ("episodeId","seq")
);

-- CreateTable
CREATE TABLE "ApiToken" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "hash" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastUsedAt" TIMESTAMP(3),

    CONSTRAINT "ApiToken_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "Task_environment_idx" ON "Task"("environment");

-- CreateIndex
CREATE UNIQUE INDEX "Task_dataset_index_key" ON "Task"("dataset", "index");

-- CreateIndex
CREATE UNIQUE INDEX "Run_name_key" ON "Run"("name");

-- CreateIndex
CREATE INDEX "Episode_taskId_idx" ON "Episode"("taskId");

-- CreateIndex
CREATE INDEX "Episode_runId_idx" ON "Episode"("runId");

-- CreateIndex
CREATE INDEX "Episode_status_idx" ON "Episode"("status");

-- CreateIndex
CREATE INDEX "Episode_startedAt_idx" ON "Episode"("startedAt");

-- CreateIndex
CREATE INDEX "Score_mode_success_idx" ON "Score"("mode", "success");

-- CreateIndex
CREATE UNIQUE INDEX "ApiToken_hash_key" ON "ApiToken"("hash");

-- AddForeignKey
ALTER TABLE "Episode" ADD CONSTRAINT "Episode_taskId_fkey" FOREIGN KEY ("taskId") REFERENCES "Task"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Episode" ADD CONSTRAINT "Episode_runId_fkey" FOREIGN KEY ("runId") REFERENCES "Run"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Score" ADD CONSTRAINT "Score_episodeId_fkey" FOREIGN KEY ("episodeId") REFERENCES "Episode"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Step" ADD CONSTRAINT "Step_episodeId_fkey" FOREIGN KEY ("episodeId") REFERENCES "Episode"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TerminalEvent" ADD CONSTRAINT "TerminalEvent_episodeId_fkey" FOREIGN KEY ("episodeId") REFERENCES "Episode"("id") ON DELETE CASCADE ON UPDATE CASCADE;
