package io.paypipe.ingress.alipay;

import io.paypipe.core.id.Channel;
import io.paypipe.core.merchant.Merchant;
import io.paypipe.core.merchant.MerchantsFile;
import io.paypipe.support.merchant.MerchantsReload;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The Alipay apps of the merchants file, found by the {@code app_id} of a notification
 * (the app whose Alipay key signed it). An app id listed twice is refused (at start, or
 * in a reloaded file).
 */
final class AlipayApps implements MerchantsReload {

    private volatile State state;

    /** What one merchants file gives; swapped as a whole when the file changes. */
    private record State(Map<String, AlipayApp> byAppId, List<AlipayApp> apps) {
    }

    private AlipayApps(State state) {
        this.state = state;
    }

    static AlipayApps from(MerchantsFile file) {
        return new AlipayApps(stateOf(file));
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
        return new State(Map.copyOf(byAppId), apps);
    }

    static AlipayApps of(List<Merchant> merchants) {
        return from(new MerchantsFile(merchants));
    }

    Optional<AlipayApp> byAppId(String appId) {
        return Optional.ofNullable(state.byAppId().get(appId));
    }

    List<AlipayApp> all() {
        return state.apps();
    }

}
