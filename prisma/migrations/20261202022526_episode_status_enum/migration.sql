-- CreateEnum
CREATE TYPE "EpisodeStatus" AS ENUM ('active', 'submitted', 'skipped', 'abandoned', 'interrupted', 'error');

-- AlterTable: the column changes type in place, so every row keeps its status (the generated
-- DROP COLUMN and ADD COLUMN would have set them all to the default), and its index is rebuilt.
ALTER TABLE "Episode" ALTER COLUMN "status" DROP DEFAULT,
ALTER COLUMN "status" TYPE "EpisodeStatus" USING "status"::"EpisodeStatus",
ALTER COLUMN "status" SET DEFAULT 'active';
