-- AlterTable
ALTER TABLE "deployments" ADD COLUMN     "target_filter_ids" UUID[] DEFAULT ARRAY[]::UUID[];

