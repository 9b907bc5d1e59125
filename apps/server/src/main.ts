import { loadConfig, type Config } from './config.ts';
import { DatabaseStartupError } from './db/client.ts';
import { createLogger } from './logger.ts';
import { startServer, type RunningServer } from './server.ts';

/** A shutdown that takes longer than this (a request that never ends, a database that does not answer) is cut short. */
const SHUTDOWN_DEADLINE_MS = 20_000;

/**
 * The server process: JSON log lines on stdout only (one pino logger, shared with Fastify and the database module),
 * graceful shutdown on SIGTERM/SIGINT (stop accepting, finish requests in flight, stop the timers, close the
 * database, exit 0), and exit 1 on a second signal, after the deadline, or when it cannot start.
 */
async function main() {
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    createLogger({ LOG_LEVEL: 'info' }).fatal(err instanceof Error ? err.message : String(err));
    process.exit(1);
  }
  const logger = createLogger(config);
  process.on('uncaughtException', (err) => {
    logger.fatal({ err }, 'uncaught exception');
    process.exit(1);
  });
  process.on('unhandledRejection', (err) => {
    logger.fatal({ err }, 'unhandled promise rejection');
    process.exit(1);
  });

  let server: RunningServer;
  try {
    server = await startServer({ config, logger });
  } catch (err) {
    // A data directory in use or unusable: one line that says what, where and what to do; no stack trace.
    if (err instanceof DatabaseStartupError) logger.fatal(err.message);
    else logger.fatal({ err }, 'the server could not start');
    process.exit(1);
  }

  let shuttingDown = false;
  const shutdown = async (reason: string, exitCode: number) => {
    if (shuttingDown) {
      logger.warn({ reason }, 'asked again to stop: exiting now');
      process.exit(1);
    }
    shuttingDown = true;
    logger.info({ reason }, 'shutting down: no new connections, finishing the requests in flight');
    const deadline = setTimeout(() => {
      logger.error({ deadlineMs: SHUTDOWN_DEADLINE_MS }, 'shutdown did not finish in time: exiting now');
      process.exit(1);
    }, SHUTDOWN_DEADLINE_MS);
    deadline.unref();
    let code = exitCode;
    try {
      await server.close();
      logger.info('stopped');
    } catch (err) {
      logger.error({ err }, 'shutdown failed');
      code = 1;
    }
    process.exit(code);
  };
  process.on('SIGINT', () => void shutdown('SIGINT', 0));
  process.on('SIGTERM', () => void shutdown('SIGTERM', 0));
  server.databaseReady.catch((err: unknown) => {
    logger.fatal({ err }, 'preparing the database failed');
    void shutdown('database preparation failed', 1);
  });
}

void main();
