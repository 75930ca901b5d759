import { describe, expect, it } from "vitest";
import { convertNpmBlock, convertNpmLine, UnsupportedNpmCommand } from "./package-manager-commands";

describe("convertNpmLine", () => {
  it.each([
    ["npm install @mysten/sui@2.33.1", "pnpm add @mysten/sui@2.33.1", "yarn add @mysten/sui@2.33.1"],
    ["npm i @mysten/sui @mysten/bcs", "pnpm add @mysten/sui @mysten/bcs", "yarn add @mysten/sui @mysten/bcs"],
    ["npm i -D typescript", "pnpm add -D typescript", "yarn add -D typescript"],
    ["npm install --save-dev vitest", "pnpm add -D vitest", "yarn add -D vitest"],
    ["npm install --save-exact @mysten/sui", "pnpm add -E @mysten/sui", "yarn add -E @mysten/sui"],
    ["npm install", "pnpm install", "yarn install"],
    ["npm ci", "pnpm install --frozen-lockfile", "yarn install --immutable"],
    ["npm run dev", "pnpm run dev", "yarn run dev"],
    ["npm run build -- --watch", "pnpm run build --watch", "yarn run build --watch"],
    ["npm test", "pnpm test", "yarn test"],
    ["npm uninstall @mysten/sui", "pnpm remove @mysten/sui", "yarn remove @mysten/sui"],
    ["npm create @mysten/dapp", "pnpm create @mysten/dapp", "yarn create @mysten/dapp"],
    [
      "npm create vite@7.1.1 my-app -- --template react-ts",
      "pnpm create vite@7.1.1 my-app --template react-ts",
      "yarn create vite@7.1.1 my-app --template react-ts",
    ],
    ["npx tsc --init", "pnpm dlx tsc --init", "yarn dlx tsc --init"],
    ["npx -y @mysten/create-dapp", "pnpm dlx @mysten/create-dapp", "yarn dlx @mysten/create-dapp"],
    ["# install the SDK", "# install the SDK", "# install the SDK"],
    ["cd my-app", "cd my-app", "cd my-app"],
    ["cd my-app && npm install && npm run dev", "cd my-app && pnpm install && pnpm run dev", "cd my-app && yarn install && yarn run dev"],
    ["  npm i zod", "  pnpm add zod", "  yarn add zod"],
  ])("%s", (npm, pnpm, yarn) => {
    expect(convertNpmLine(npm)).toEqual({ npm, pnpm, yarn });
  });

  it.each([["npm install -g @mysten/sui"], ["npm publish"], ["npm install --legacy-peer-deps zod"], ["npx"], ["npm run"]])(
    "refuses %s with a reason",
    (line) => {
      expect(() => convertNpmLine(line)).toThrow(UnsupportedNpmCommand);
    },
  );
});

describe("convertNpmBlock", () => {
  it("converts each line and keeps the others", () => {
    expect(convertNpmBlock("mkdir app && cd app\nnpm init\nnpm i @mysten/sui")).toEqual({
      npm: "mkdir app && cd app\nnpm init\nnpm i @mysten/sui",
      pnpm: "mkdir app && cd app\npnpm init\npnpm add @mysten/sui",
      yarn: "mkdir app && cd app\nyarn init\nyarn add @mysten/sui",
    });
  });
});
