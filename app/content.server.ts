import { processContentService, ConfigError, type ContentService } from "../server/index";

/**
 * The one content service of this process. Remix-serve imports the server build before it listens,
 * so a configuration that cannot work stops the start command here, with one line and exit code 1.
 */
async function start(): Promise<ContentService> {
  try {
    return await processContentService();
  } catch (error) {
    const reason = error instanceof ConfigError ? error.message : `cannot start: ${(error as Error).message}`;
    console.error(`sui-docs: ${reason}`);
    process.exit(1);
  }
}

export const content: ContentService = await start();
