-- CreateTable
CREATE TABLE "device_metric_buckets" (
    "device_id" UUID NOT NULL,
    "bucket" TIMESTAMPTZ(3) NOT NULL,
    "samples" INTEGER NOT NULL,
    "cpu_count" INTEGER NOT NULL,
    "cpu_sum" DOUBLE PRECISION NOT NULL,
    "cpu_max" REAL,
    "memory_count" INTEGER NOT NULL,
    "memory_sum" DOUBLE PRECISION NOT NULL,
    "memory_max" REAL,
    "disk_count" INTEGER NOT NULL,
    "disk_sum" DOUBLE PRECISION NOT NULL,
    "disk_max" REAL,

    CONSTRAINT "device_metric_buckets_pkey" PRIMARY KEY ("device_id","bucket")
);

-- CreateIndex
CREATE INDEX "device_metric_buckets_bucket_idx" ON "device_metric_buckets"("bucket");

-- AddForeignKey
ALTER TABLE "device_metric_buckets" ADD CONSTRAINT "device_metric_buckets_device_id_fkey" FOREIGN KEY ("device_id") REFERENCES "devices"("id") ON DELETE CASCADE ON UPDATE CASCADE;


-- A bucket row is updated by every beat of its 5 minutes: free space on each page lets those
-- updates stay HOT (no new index entries) and be pruned in place.
ALTER TABLE "device_metric_buckets" SET (fillfactor = 70);
