package io.paypipe.ingress.wechatpay;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.wechat.pay.java.core.util.GsonUtil;
import com.wechat.pay.java.service.payments.model.Transaction;
import java.util.Optional;

/**
 * The decrypted {@code resource} of a payment notification. The SDK's {@link Transaction} gives the typed
 * fields; three fields are read from the plaintext itself because Transaction cannot carry them: the
 * trade state as sent (Transaction maps it to an enum, and a state the SDK does not know would become
 * null instead of being stored as UNKNOWN), and the service-provider mode's {@code sp_mchid} and
 * {@code sub_mchid} (Transaction is the direct-mode model).
 */
record DecryptedPayment(Transaction transaction, Optional<String> tradeState, Optional<String> spMchid,
                        Optional<String> subMchid) {

    static DecryptedPayment of(JsonObject plaintext) {
        return new DecryptedPayment(GsonUtil.getGson().fromJson(plaintext, Transaction.class),
                text(plaintext, "trade_state"), text(plaintext, "sp_mchid"), text(plaintext, "sub_mchid"));
    }

    private static Optional<String> text(JsonObject object, String field) {
        JsonElement value = object.get(field);
        if (value == null || !value.isJsonPrimitive() || value.getAsString().isBlank()) {
            return Optional.empty();
        }
        return Optional.of(value.getAsString());
    }

    @Override
    public String toString() {
        // Transaction.toString() prints the payer's openid
        return "DecryptedPayment[" + transaction.getOutTradeNo() + " " + tradeState.orElse("-") + "]";
    }
}
