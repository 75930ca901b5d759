// The trading frontend's transaction builders read the published package ID from src/constants.ts.
declare const PACKAGE_ID: string;
