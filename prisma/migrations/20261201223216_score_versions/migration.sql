-- AlterTable
ALTER TABLE "Score" DROP CONSTRAINT "Score_pkey",
ADD CONSTRAINT "Score_pkey" PRIMARY KEY ("episodeId", "mode", "version");
