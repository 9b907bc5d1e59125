import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { createMqttTelematics } from './mqtt.ts';
import { createSimulator } from './simulator.ts';
import type { Telematics, TelematicsLog } from './types.ts';

/** The telematics integration the configuration asks for: TELEMATICS=simulator (default) or mqtt (needs MQTT_URL). */
export function createTelematics(config: Config, db: Db, log: TelematicsLog, isLeader?: () => boolean): Telematics {
  if (config.TELEMATICS === 'mqtt') {
    if (!config.MQTT_URL) throw new Error('Invalid configuration:\n  MQTT_URL: required when TELEMATICS=mqtt');
    return createMqttTelematics({ url: config.MQTT_URL, prefix: config.MQTT_TOPIC_PREFIX, log });
  }
  return createSimulator({
    db,
    log,
    minDelayMs: config.SIMULATOR_MIN_DELAY_MS,
    maxDelayMs: Math.max(config.SIMULATOR_MIN_DELAY_MS, config.SIMULATOR_MAX_DELAY_MS),
    failureRate: config.SIMULATOR_FAILURE_RATE,
    timeoutRate: config.SIMULATOR_TIMEOUT_RATE,
    tickSeconds: config.SIMULATOR_TICK_SECONDS,
    ...(isLeader ? { isLeader } : {}),
  });
}
