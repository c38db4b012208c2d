-- AlterTable
ALTER TABLE "Block" ADD COLUMN "hideName" BOOLEAN NOT NULL DEFAULT false;
