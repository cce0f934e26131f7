// A Vitest reporter for `scripts/time-api-tests.mjs`: for each test file, the time spent in its
// tests and the time spent outside them (beforeAll and afterAll hooks: opening and closing the
// database and the app), written as JSON to the file named by VITEST_FILE_TIMES.
import { writeFileSync } from 'node:fs';
import { relative } from 'node:path';

export default class FileTimesReporter {
  onTestRunEnd(testModules) {
    const files = testModules.map((module) => {
      const tests = [...module.children.allTests()];
      const inTests = tests.reduce((sum, test) => sum + (test.diagnostic()?.duration ?? 0), 0);
      const { duration } = module.diagnostic();
      return {
        file: relative(process.cwd(), module.moduleId),
        tests: tests.length,
        passed: module.ok(),
        failed: tests.filter((test) => test.result().state === 'failed').length,
        totalMs: Math.round(duration),
        hooksMs: Math.round(Math.max(0, duration - inTests)),
      };
    });
    writeFileSync(process.env.VITEST_FILE_TIMES ?? 'file-times.json', JSON.stringify(files));
  }
}
