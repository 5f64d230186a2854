-- AlterTable
ALTER TABLE "Step" ADD COLUMN     "search" JSONB;
