/**
 * The registry adapter against the real registry: processes starting together on a new subject
 * (the client registers, then sets the subject's BACKWARD rule) must all succeed with one id.
 */
import { expect, it } from 'vitest';
import { confluentRegistry } from '../../src/bus/kafka/registry.ts';
import { describeKafka, KAFKA, uniqueNamespace } from '../helpers/kafka.ts';

const schema = { type: 'record', name: 'RaceEvent', namespace: 'mailsift.test', fields: [{ name: 'domain', type: 'string' }] };

describeKafka('confluentRegistry', () => {
  it('four processes registering a new subject at once all get the same id', async () => {
    for (let round = 0; round < 3; round++) {
      const subject = `${uniqueNamespace('race')}-value`;
      const ids = await Promise.all(Array.from({ length: 4 }, () => confluentRegistry(KAFKA!.registry).register(subject, schema)));
      expect(new Set(ids).size).toBe(1);
    }
  }, 60_000);
});
