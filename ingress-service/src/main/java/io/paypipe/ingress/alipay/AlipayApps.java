package io.paypipe.ingress.alipay;

import io.paypipe.core.id.Channel;
import io.paypipe.core.merchant.Merchant;
import io.paypipe.core.merchant.MerchantsFile;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The Alipay apps of the merchants file, found by the {@code app_id} of a notification
 * (the app whose Alipay key signed it). An app id listed twice is refused at start.
 */
final class AlipayApps {

    private final Map<String, AlipayApp> byAppId;

    private final List<AlipayApp> apps;

    private AlipayApps(Map<String, AlipayApp> byAppId, List<AlipayApp> apps) {
        this.byAppId = byAppId;
        this.apps = apps;
    }

    static AlipayApps from(MerchantsFile file) {
        List<AlipayApp> apps = file.merchants()
            .stream()
            .filter(m -> m.channel() == Channel.ALIPAY)
            .map(AlipayApp::of)
            .toList();
        Map<String, AlipayApp> byAppId = new HashMap<>();
        for (AlipayApp app : apps) {
            AlipayApp previous = byAppId.putIfAbsent(app.appId(), app);
            if (previous != null) {
                throw new IllegalArgumentException("Alipay app " + app.appId() + " is listed twice");
            }
        }
        return new AlipayApps(Map.copyOf(byAppId), apps);
    }

    static AlipayApps of(List<Merchant> merchants) {
        return from(new MerchantsFile(merchants));
    }

    Optional<AlipayApp> byAppId(String appId) {
        return Optional.ofNullable(byAppId.get(appId));
    }

    List<AlipayApp> all() {
        return apps;
    }

}
