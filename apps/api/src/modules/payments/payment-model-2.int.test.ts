// The second half of the payment model's random sequences (payment-model.int.test.ts says what
// they check, and holds the regressions), run beside the first on a database of its own.
import { describePaymentModel } from '../../test/model/payment-model.js';

describePaymentModel({ part: 2 });
