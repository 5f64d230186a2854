import { startEmbeddedPostgres } from "/work/main/lib/db/embedded";
const db = await startEmbeddedPostgres("/work/main/.data/scratch-pg", 5439);
console.log(db.url);
