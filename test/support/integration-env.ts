/**
 * Runs before each integration test file is imported: points shared modules (which read
 * their configuration at import time) at the local cloud started by the global setup.
 */
import { inject } from 'vitest';

Object.assign(process.env, inject('localCloud').env, { POWERTOOLS_LOG_LEVEL: 'SILENT' });
