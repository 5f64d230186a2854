-- AlterTable
ALTER TABLE "Episode" ADD COLUMN     "participantId" TEXT,
ADD COLUMN     "practice" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "studyId" TEXT,
ADD COLUMN     "timeLimitSec" INTEGER,
ADD COLUMN     "timerRule" TEXT;

-- CreateTable
CREATE TABLE "Study" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "instructions" TEXT NOT NULL DEFAULT '',
    "consent" TEXT NOT NULL DEFAULT '',
    "taskIds" INTEGER[],
    "perParticipant" INTEGER,
    "order" TEXT NOT NULL DEFAULT 'fixed',
    "seed" INTEGER NOT NULL DEFAULT 1,
    "turnLimit" INTEGER NOT NULL DEFAULT 10,
    "timeLimitSec" INTEGER,
    "timerRule" TEXT NOT NULL DEFAULT 'wall',
    "showReward" BOOLEAN NOT NULL DEFAULT false,
    "practiceTaskId" INTEGER,
    "status" TEXT NOT NULL DEFAULT 'open',
    "createdById" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Study_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "StudyInvite" (
    "id" TEXT NOT NULL,
    "studyId" TEXT NOT NULL,
    "hash" TEXT NOT NULL,
    "label" TEXT NOT NULL DEFAULT '',
    "maxUses" INTEGER NOT NULL DEFAULT 1,
    "uses" INTEGER NOT NULL DEFAULT 0,
    "expiresAt" TIMESTAMP(3),
    "revokedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "StudyInvite_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "StudyParticipant" (
    "id" TEXT NOT NULL,
    "studyId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "inviteId" TEXT,
    "pseudonym" TEXT NOT NULL,
    "slot" INTEGER NOT NULL,
    "assignment" INTEGER[],
    "position" INTEGER NOT NULL DEFAULT 0,
    "consentedAt" TIMESTAMP(3),
    "practiceDone" BOOLEAN NOT NULL DEFAULT false,
    "completedAt" TIMESTAMP(3),
    "completionCode" TEXT,
    "endedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "StudyParticipant_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "Study_name_key" ON "Study"("name");

-- CreateIndex
CREATE UNIQUE INDEX "StudyInvite_hash_key" ON "StudyInvite"("hash");

-- CreateIndex
CREATE INDEX "StudyInvite_studyId_idx" ON "StudyInvite"("studyId");

-- CreateIndex
CREATE UNIQUE INDEX "StudyParticipant_userId_key" ON "StudyParticipant"("userId");

-- CreateIndex
CREATE UNIQUE INDEX "StudyParticipant_studyId_pseudonym_key" ON "StudyParticipant"("studyId", "pseudonym");

-- CreateIndex
CREATE UNIQUE INDEX "StudyParticipant_studyId_slot_key" ON "StudyParticipant"("studyId", "slot");

-- CreateIndex
CREATE INDEX "Episode_studyId_idx" ON "Episode"("studyId");

-- AddForeignKey
ALTER TABLE "Episode" ADD CONSTRAINT "Episode_studyId_fkey" FOREIGN KEY ("studyId") REFERENCES "Study"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Episode" ADD CONSTRAINT "Episode_participantId_fkey" FOREIGN KEY ("participantId") REFERENCES "StudyParticipant"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Study" ADD CONSTRAINT "Study_createdById_fkey" FOREIGN KEY ("createdById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "StudyInvite" ADD CONSTRAINT "StudyInvite_studyId_fkey" FOREIGN KEY ("studyId") REFERENCES "Study"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "StudyParticipant" ADD CONSTRAINT "StudyParticipant_studyId_fkey" FOREIGN KEY ("studyId") REFERENCES "Study"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "StudyParticipant" ADD CONSTRAINT "StudyParticipant_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "StudyParticipant" ADD CONSTRAINT "StudyParticipant_inviteId_fkey" FOREIGN KEY ("inviteId") REFERENCES "StudyInvite"("id") ON DELETE SET NULL ON UPDATE CASCADE;
