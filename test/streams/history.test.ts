import { embeddedBusFactory } from '../helpers/pipeline.ts';
import { historySuite } from './history.suite.ts';

historySuite('the embedded log', embeddedBusFactory);
