// Prisma CLI config. The datasource URL lives here in Prisma 7; `env()` would throw when unset,
// so fall back to the embedded server's default address.
import { defineConfig } from "prisma/config";

export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
  datasource: { url: process.env.DATABASE_URL ?? "postgresql://postgres:postgres@127.0.0.1:5433/plateau" },
});
