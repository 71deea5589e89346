package io.paypipe.core.merchant;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * What a merchants file must hold for every service to use it. Checked once at start: a
 * value every insert would refuse (a tenant wider than {@code tenant_id}), or a
 * notification could never be matched against (a WeChat merchant without app ids, an
 * Alipay app without its seller), stops the start with one message naming every problem,
 * instead of failing callback after callback. The message names entries and ids, never
 * credentials.
 */
final class MerchantsFileRules {

    private static final Pattern ALIPAY_USER_ID = Pattern.compile("2088[0-9]{12}");

    private static final Pattern APP_ID = Pattern.compile("[A-Za-z0-9_\\-]+");

    private final List<String> problems = new ArrayList<>();

    private MerchantsFileRules() {
    }

    static List<String> problemsOf(MerchantsFile file) {
        MerchantsFileRules rules = new MerchantsFileRules();
        for (int i = 0; i < file.merchants().size(); i++) {
            rules.check("merchants[" + i + "]", file.merchants().get(i));
        }
        return List.copyOf(rules.problems);
    }

    private void check(String where, Merchant m) {
        String entry = where + " (" + (m.channel() == null ? "no channel" : m.channel().code()) + " " + m.merchantId()
                + ")";
        width(entry, "tenant", m.tenant(), MerchantsFile.TENANT_ID_WIDTH, "tenant_id");
        width(entry, "merchantId", m.merchantId(), MerchantsFile.MERCHANT_ID_WIDTH, "merchant_id");
        Set<String> subs = new HashSet<>();
        for (String sub : m.subMerchantIds()) {
            width(entry, "subMerchantIds", sub, MerchantsFile.MERCHANT_ID_WIDTH, "merchant_id");
            if (!subs.add(sub) || sub != null && sub.equals(m.merchantId())) {
                problems.add(entry + ": subMerchantIds lists " + sub + " twice or as the entry's own merchantId");
            }
        }
        m.subMerchantTenants().forEach((sub, tenant) -> {
            if (!subs.contains(sub)) {
                problems.add(entry + ": subMerchantTenants names " + sub + ", which is not in subMerchantIds");
            }
            width(entry, "subMerchantTenants." + sub, tenant, MerchantsFile.TENANT_ID_WIDTH, "tenant_id");
        });
        if (m.channel() == null) {
            problems.add(entry + ": channel missing (WECHATPAY, ALIPAY or STRIPE)");
            return;
        }
        blocks(entry, m);
        switch (m.channel()) {
            case WECHATPAY -> wechatpay(entry, m, subs);
            case ALIPAY -> alipay(entry, m, subs);
            case STRIPE -> {
            }
        }
    }

    /** Exactly the credentials block of the entry's channel. */
    private void blocks(String entry, Merchant m) {
        boolean wechat = m.wechatpay() != null;
        boolean alipay = m.alipay() != null;
        boolean stripe = m.stripe() != null;
        boolean right = switch (m.channel()) {
            case WECHATPAY -> wechat && !alipay && !stripe;
            case ALIPAY -> alipay && !wechat && !stripe;
            case STRIPE -> stripe && !wechat && !alipay;
        };
        if (!right) {
            problems.add(entry + ": exactly the " + m.channel().code() + " credentials block must be set");
        }
    }

    private void wechatpay(String entry, Merchant m, Set<String> subs) {
        Merchant.WechatPayCredentials c = m.wechatpay();
        if (c == null) {
            return;
        }
        if (c.appIds().isEmpty()) {
            problems.add(entry + ": wechatpay.appIds is empty: list the "
                    + (subs.isEmpty() ? "merchant's appid(s)" : "service provider's sp_appid(s)")
                    + ", which every payment notification names");
        }
        c.appIds().forEach(id -> appId(entry, "wechatpay.appIds", id));
        if (!c.subAppIds().isEmpty() && subs.isEmpty()) {
            problems.add(entry + ": wechatpay.subAppIds is for a service provider's sub-merchants, and it lists none");
        }
        for (Map.Entry<String, List<String>> e : c.subAppIds().entrySet()) {
            if (!subs.contains(e.getKey())) {
                problems.add(entry + ": wechatpay.subAppIds names " + e.getKey() + ", which is not in subMerchantIds");
            }
            if (e.getValue().isEmpty()) {
                problems.add(entry + ": wechatpay.subAppIds." + e.getKey() + " is empty");
            }
            e.getValue().forEach(id -> appId(entry, "wechatpay.subAppIds." + e.getKey(), id));
        }
    }

    private void alipay(String entry, Merchant m, Set<String> subs) {
        Merchant.AlipayCredentials c = m.alipay();
        if (c == null) {
            return;
        }
        sellerId(entry, "alipay.sellerId", c.sellerId());
        if (!c.authAppSellerIds().keySet().equals(subs)) {
            problems.add(entry + ": alipay.authAppSellerIds must name exactly the subMerchantIds " + subs
                    + ", it names " + c.authAppSellerIds().keySet());
        }
        c.authAppSellerIds().forEach((app, seller) -> sellerId(entry, "alipay.authAppSellerIds." + app, seller));
    }

    private void width(String entry, String field, String value, int width, String column) {
        if (value == null || value.isBlank()) {
            problems.add(entry + ": " + field + " is missing or blank");
        }
        else if (value.length() > width) {
            problems.add(entry + ": " + field + " is " + value.length() + " characters, the database's " + column
                    + " holds at most " + width);
        }
    }

    private void appId(String entry, String field, String id) {
        if (id == null || id.length() > MerchantsFile.APP_ID_WIDTH || !APP_ID.matcher(id).matches()) {
            problems.add(entry + ": " + field + " has an app id that is not 1 to " + MerchantsFile.APP_ID_WIDTH
                    + " letters, digits, '_' or '-'");
        }
    }

    private void sellerId(String entry, String field, String id) {
        if (id == null || !ALIPAY_USER_ID.matcher(id).matches()) {
            problems.add(entry + ": " + field + " must be an Alipay user id (PID): 2088 and 12 digits");
        }
    }

}
