-- AlterTable
ALTER TABLE "Step" ADD COLUMN     "result" JSONB;
