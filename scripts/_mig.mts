import { applyMigrations } from "../lib/db/migrate";
console.log(await applyMigrations(process.env.DATABASE_URL!));
console.log(await applyMigrations(process.env.DATABASE_URL!));
