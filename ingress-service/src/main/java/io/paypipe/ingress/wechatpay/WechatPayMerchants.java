package io.paypipe.ingress.wechatpay;

import io.paypipe.core.id.Channel;
import io.paypipe.core.merchant.Merchant;
import io.paypipe.core.merchant.MerchantsFile;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The WeChat Pay merchants of the merchants file, found by the platform key id that
 * signed a notification ({@code Wechatpay-Serial}). A key id names exactly one merchant:
 * two merchants sharing one is refused at start, since a notification could then not be
 * attributed.
 */
final class WechatPayMerchants {

    private final Map<String, WechatPayMerchant> bySerial;

    private final List<WechatPayMerchant> merchants;

    private WechatPayMerchants(Map<String, WechatPayMerchant> bySerial, List<WechatPayMerchant> merchants) {
        this.bySerial = bySerial;
        this.merchants = merchants;
    }

    static WechatPayMerchants from(MerchantsFile file) {
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
        return new WechatPayMerchants(Map.copyOf(bySerial), merchants);
    }

    static WechatPayMerchants of(List<Merchant> merchants) {
        return from(new MerchantsFile(merchants));
    }

    Optional<WechatPayMerchant> bySerial(String serial) {
        return Optional.ofNullable(bySerial.get(serial));
    }

    List<WechatPayMerchant> all() {
        return merchants;
    }

    int keyCount() {
        return bySerial.size();
    }

}
