import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { buildApp } from './app.ts';
import { isDatabaseEmpty, seedDemo } from './seed/demo.ts';
import { smtpTransport, startMailDispatcher } from './integrations/mail/mailer.ts';
import { startAuthHousekeeping } from './modules/auth/housekeeping.ts';

/** Starts the server: opens (and migrates) the database, seeds the demo when empty, listens. */
async function main() {
  const config = loadConfig();
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.dataDir });
  if (config.SEED === 'demo' && (await isDatabaseEmpty(database.db))) {
    const summary = await seedDemo(database.db);
    console.log(`Seeded the demo operators (${Object.entries(summary.counts).map(([k, v]) => `${v} ${k}`).join(', ')}).`);
  }
  const app = await buildApp({ config, db: database.db });
  const stopMail = config.SMTP_URL ? startMailDispatcher(database.db, smtpTransport(config.SMTP_URL), config.MAIL_FROM, 5_000, (e) => app.log.error(e)) : () => {};

  const stopHousekeeping = startAuthHousekeeping(database.db, (e) => app.log.error(e));

  const shutdown = async (signal: string) => {
    app.log.info(`${signal}: shutting down`);
    stopMail();
    stopHousekeeping();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.PORT, host: config.HOST });
  const where = config.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`;
  console.log(`Fleetdesk is serving http://localhost:${config.PORT} (database: ${where}).`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
