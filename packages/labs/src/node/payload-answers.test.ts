import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  challengeLabContentOf,
  renderSecrets,
  sampleSecretValues,
  shippedContent,
  shippedContentDir,
  terminalContentOf,
  type Content,
} from '@bastion/content';
import type { LabContent } from '@bastion/contract';
import { defaultLabIdentity } from '../lab-spec.ts';
import { labContentSetup, quizLabSetup } from '../quiz-lab-setup.ts';
import { sealLabContent } from '../sealed-setup.ts';
import { imageSealKey, sealLab } from './lab-seal.ts';

/**
 * Answers shorter than this are left out of the search: a two-digit number turns up in any payload by chance, and
 * it is no easier to read there than to guess (the growing wait of 0196 and `--strict`'s rule handle those).
 */
const shortestSearched = 6;

const seal = (script: string) => sealLab(script, imageSealKey(), 'payload test', 'learner');

/** Every form a payload script would try on the text it downloads: as it is, and what base64 and gzip hide. */
function readableForms(payload: string, files: Uint8Array[]): string[] {
  const forms = [payload];
  for (const bytes of files) {
    forms.push(Buffer.from(bytes).toString('latin1'));
    if (bytes[0] === 0x1f && bytes[1] === 0x8b) {
      try {
        forms.push(gunzipSync(bytes).toString('latin1'));
      } catch {
        // not a whole gzip stream: nothing more to read in it
      }
    }
  }
  return forms;
}

function base64Files(lab: LabContent): Uint8Array[] {
  return Object.entries(lab.files)
    .filter(([file]) => lab.file_attributes[file]?.encoding === 'base64')
    .map(([, text]) => Buffer.from(text, 'base64'));
}

/** Where an answer shows in what the learner's browser downloads: as it is, in lower or upper case, or in hex. */
function found(answers: string[], forms: string[]): string[] {
  const haystack = forms.join('\n').toLowerCase();
  return answers
    .filter((answer) => answer.length >= shortestSearched)
    .filter((answer) => {
      const lower = answer.toLowerCase();
      return haystack.includes(lower) || haystack.includes(Buffer.from(answer).toString('hex'));
    });
}

let content: Content;
beforeAll(async () => {
  content = await shippedContent();
});

describe("what a learner's browser downloads for a lab (docs/labs.md, What a lab hides)", () => {
  it("holds no quiz's answer, unless reading it in the lab is what the quiz asks", () => {
    const hits: string[] = [];
    for (const course of content.courses)
      for (const module of course.modules)
        for (const quiz of module.items) {
          if (quiz.type !== 'quiz' || !quiz.terminal || quiz.answerVisible !== undefined) continue;
          const values = sampleSecretValues(quiz.terminal.secrets ?? {});
          const lab = terminalContentOf(renderSecrets(quiz.terminal, values));
          const sent = sealLabContent(lab, quizLabSetup(lab), seal, Object.values(values));
          const forms = readableForms(JSON.stringify(sent), base64Files(sent));
          for (const answer of found(renderSecrets(quiz.answers, values), forms)) hits.push(`${quiz.file}: ${answer}`);
        }
    expect(hits).toEqual([]);
  });

  it("holds no challenge step's answer in the lab or the attachments, unless the step asks to read it there", async () => {
    const hits: string[] = [];
    for (const challenge of content.challenges) {
      const values = sampleSecretValues(challenge.lab?.secrets ?? {});
      const lab = challenge.lab ? renderSecrets(challengeLabContentOf(challenge.lab), values) : null;
      const sent =
        lab && sealLabContent(lab, { ...defaultLabIdentity, ...labContentSetup(lab) }, seal, Object.values(values));
      const attachments = await Promise.all(
        challenge.attachments.map(async (file) => new Uint8Array(await readFile(path.join(shippedContentDir, file)))),
      );
      const forms = readableForms(JSON.stringify(sent), [...(sent ? base64Files(sent) : []), ...attachments]);
      for (const step of challenge.steps) {
        if (step.answerVisible !== undefined) continue;
        for (const answer of found(renderSecrets(step.answers, values), forms))
          hits.push(`${challenge.file} step ${step.order}: ${answer}`);
      }
    }
    expect(hits).toEqual([]);
  });
});
