-- AlterTable
ALTER TABLE "Episode" ADD COLUMN     "execution" TEXT NOT NULL DEFAULT 'terminal';

-- AlterTable
ALTER TABLE "Score" ADD COLUMN     "gold" JSONB;

-- Episodes imported from InterCode's logs were played the InterCode way.
UPDATE "Episode" SET "execution" = 'intercode' WHERE "source" = 'import';
