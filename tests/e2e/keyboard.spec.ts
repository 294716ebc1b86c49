import { describeKeyboardFlows } from './support/keyboard-flows';

/** Issue #16: every flow is complete by keyboard with a visible focus, on a desktop's screen (1280 × 800). */
describeKeyboardFlows('the store by keyboard only');
