package io.paypipe.ingress.wechatpay;

import io.paypipe.core.id.Channel;
import io.paypipe.core.merchant.Merchant;
import io.paypipe.core.merchant.MerchantsFile;
import io.paypipe.support.merchant.MerchantsReload;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The WeChat Pay merchants of the merchants file, found by the platform key id that
 * signed a notification ({@code Wechatpay-Serial}). A key id names exactly one merchant:
 * two merchants sharing one is refused (at start, or in a reloaded file), since a
 * notification could then not be attributed.
 */
final class WechatPayMerchants implements MerchantsReload {

    private volatile State state;

    /** What one merchants file gives; swapped as a whole when the file changes. */
    private record State(Map<String, WechatPayMerchant> bySerial, List<WechatPayMerchant> merchants) {
    }

    private WechatPayMerchants(State state) {
        this.state = state;
    }

    static WechatPayMerchants from(MerchantsFile file) {
        return new WechatPayMerchants(stateOf(file));
    }

    /**
     * A new merchants file (keys rotate): checked now, in use once the returned swap runs
     * ({@link io.paypipe.support.merchant.MerchantsFileWatch}).
     */
    @Override
    public Runnable prepare(MerchantsFile file) {
        State next = stateOf(file);
        return () -> state = next;
    }

    private static State stateOf(MerchantsFile file) {
        List<WechatPayMerchant> merchants = file.merchants()
            .stream()
            .filter(m -> m.channel() == Channel.WECHATPAY)
            .map(WechatPayMerchant::of)
            .toList();
        Map<String, WechatPayMerchant> bySerial = new HashMap<>();
        for (WechatPayMerchant merchant : merchants) {
            for (String serial : merchant.serials()) {
                WechatPayMerchant previous = bySerial.putIfAbsent(serial, merchant);
                if (previous != null) {
                    throw new IllegalArgumentException(
                            "platform key " + serial + " is listed for both " + previous + " and " + merchant);
                }
            }
        }
        return new State(Map.copyOf(bySerial), merchants);
    }

    static WechatPayMerchants of(List<Merchant> merchants) {
        return from(new MerchantsFile(merchants));
    }

    Optional<WechatPayMerchant> bySerial(String serial) {
        return Optional.ofNullable(state.bySerial().get(serial));
    }

    /**
     * The entry of merchant (or, in service-provider mode, provider) {@code mchid}.
     */
    Optional<WechatPayMerchant> byMerchantId(String mchid) {
        return state.merchants().stream().filter(m -> m.merchantId().equals(mchid)).findFirst();
    }

    List<WechatPayMerchant> all() {
        return state.merchants();
    }

    int keyCount() {
        return state.bySerial().size();
    }

}
