/**
 * A kafkajs partition assigner that gives partition p of EVERY subscribed topic to the same
 * member (Kafka Streams' co-partitioning): a streams instance that owns checks partition 3 also
 * owns feedback partition 3, so the label join finds its checks locally. Members are sorted by
 * id, partition p goes to member p mod n. Topics must have the same partition count.
 */
import { AssignerProtocol, type PartitionAssigner } from 'kafkajs';

export const coPartitionedAssigner: PartitionAssigner = ({ cluster }) => ({
  name: 'MailsiftCoPartitioned',
  version: 0,
  async assign({ members, topics }) {
    const sorted = members.map((m) => m.memberId).sort();
    const out = new Map<string, Record<string, number[]>>(sorted.map((id) => [id, {}]));
    for (const topic of topics) {
      for (const { partitionId } of cluster.findTopicPartitionMetadata(topic)) {
        const member = out.get(sorted[partitionId % sorted.length]!)!;
        (member[topic] ??= []).push(partitionId);
      }
    }
    return sorted.map((memberId) => ({
      memberId,
      memberAssignment: AssignerProtocol.MemberAssignment.encode({ version: 0, assignment: out.get(memberId)!, userData: Buffer.alloc(0) }),
    }));
  },
  protocol({ topics }) {
    return { name: 'MailsiftCoPartitioned', metadata: AssignerProtocol.MemberMetadata.encode({ version: 0, topics, userData: Buffer.alloc(0) }) };
  },
});
