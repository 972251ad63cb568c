-- AlterEnum
ALTER TYPE "MaintenanceRecurrence" ADD VALUE 'rrule';

-- AlterTable
ALTER TABLE "maintenance_windows" ADD COLUMN     "rrule" VARCHAR(500);

