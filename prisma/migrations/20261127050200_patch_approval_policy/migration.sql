-- AlterTable
ALTER TABLE "patch_approvals" ADD COLUMN     "decided_by_policy_id" UUID;

