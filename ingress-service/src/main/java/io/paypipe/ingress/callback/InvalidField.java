package io.paypipe.ingress.callback;

/**
 * A field of a verified notification that is missing, of the wrong type, too long for its
 * column or out of range, whatever the channel (a WeChat resource field, an Alipay
 * parameter, a Stripe event field). Its message names the field, never its value, so it
 * is log-safe; a classifier turns it into a {@link Rejection#MALFORMED} rejection. No
 * stack trace: it is an expected outcome of bad input, not a bug.
 */
public final class InvalidField extends RuntimeException {

    public InvalidField(String detail) {
        super(detail, null, false, false);
    }

}
