package io.paypipe.sandbox.alipay;

import java.time.Instant;
import java.util.Objects;

/**
 * One refund of an Alipay trade as Alipay keeps it. {@code outRequestNo} is the
 * merchant's refund request number ({@code out_request_no}, later {@code out_biz_no} in
 * the notice); a refund made in Alipay's merchant console has none ({@code null}).
 * {@code succeededAt} is null while the refund is processing.
 */
public record AlipayRefund(String outRequestNo, long amountFen, String reason, Instant requestedAt,
        Instant succeededAt) {

    public AlipayRefund {
        Objects.requireNonNull(requestedAt, "requestedAt");
        if (amountFen <= 0) {
            throw new IllegalArgumentException("a refund amount is positive");
        }
    }

    public boolean succeeded() {
        return succeededAt != null;
    }

    public boolean fromConsole() {
        return outRequestNo == null;
    }

    AlipayRefund succeededAt(Instant at) {
        return new AlipayRefund(outRequestNo, amountFen, reason, requestedAt, at);
    }

}
