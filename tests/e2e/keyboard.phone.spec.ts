import { describeKeyboardFlows } from './support/keyboard-flows';

/** Issue #16: every flow is complete by keyboard with a visible focus, on a phone (390 × 844, touch). */
describeKeyboardFlows('the store by keyboard only, on a phone');
