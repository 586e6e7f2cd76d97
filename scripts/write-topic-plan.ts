/**
 * Writes deploy/topics.json from the code's topic plan (the single source). test/deploy checks
 * the file is current: run `npm run deploy:topics` after changing topics or stores.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { retiredTopics, topicPlan } from '../src/streams/topic-plan.ts';
import { storesOf, storesWithRetiredChangelogs, TOPOLOGY } from '../src/streams/topology.ts';

export function renderTopicPlan(): string {
  return (
    JSON.stringify(
      {
        note: 'Generated from src/streams/topic-plan.ts by `npm run deploy:topics`; replicationFactor is the production value (set to 1 for a single broker). `retired`: topics earlier versions used and this one does not; `mailsift topics apply` keeps them, `mailsift topics apply --delete-retired` deletes them.',
        topics: topicPlan(storesOf(TOPOLOGY), 3),
        retired: retiredTopics(storesWithRetiredChangelogs()),
      },
      null,
      2,
    ) + '\n'
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  writeFileSync(join(import.meta.dirname, '..', 'deploy', 'topics.json'), renderTopicPlan());
  console.log('wrote deploy/topics.json');
}
