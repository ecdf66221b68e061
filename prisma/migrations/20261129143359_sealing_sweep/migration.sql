-- CreateTable
CREATE TABLE "platform_sealing_sweep" (
    "table_name" TEXT NOT NULL,
    "column_name" TEXT NOT NULL,
    "fields" TEXT[],
    "sweptAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "platform_sealing_sweep_pkey" PRIMARY KEY ("table_name","column_name")
);
