package io.paypipe.sandbox.wechatpay;

import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The scenarios chosen for coming refunds: for one {@code out_refund_no}, or for the next
 * refund of one {@code out_trade_no}, of one merchant (the order's: a direct mchid or a
 * sub_mchid). Each choice applies to one create call and is then used up; the refund
 * number's choice wins over the trade's. Every other refund gets the default.
 */
final class RefundScenarios {

    private final RefundScenario defaultScenario;

    private final Map<String, RefundScenario> byRefundNo = new ConcurrentHashMap<>();

    private final Map<String, RefundScenario> byTrade = new ConcurrentHashMap<>();

    RefundScenarios(RefundScenario defaultScenario) {
        this.defaultScenario = Objects.requireNonNull(defaultScenario, "defaultScenario");
    }

    /**
     * Chooses {@code scenario} for the refund {@code outRefundNo} of {@code owner}, or
     * (when that is null) for the next refund of its order {@code outTradeNo}.
     */
    void choose(String owner, String outRefundNo, String outTradeNo, RefundScenario scenario) {
        Objects.requireNonNull(scenario, "scenario");
        if (outRefundNo != null) {
            byRefundNo.put(key(owner, outRefundNo), scenario);
        }
        else {
            byTrade.put(key(owner, Objects.requireNonNull(outTradeNo, "outTradeNo")), scenario);
        }
    }

    /** The scenario of this create call, using up the choice it came from. */
    RefundScenario take(String owner, String outRefundNo, String outTradeNo) {
        return Optional.ofNullable(byRefundNo.remove(key(owner, outRefundNo)))
            .or(() -> Optional.ofNullable(outTradeNo == null ? null : byTrade.remove(key(owner, outTradeNo))))
            .orElse(defaultScenario);
    }

    private static String key(String owner, String number) {
        return owner + "|" + number;
    }

}
