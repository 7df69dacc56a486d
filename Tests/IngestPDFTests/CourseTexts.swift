/// Course text in French and English (written for these tests) from which LibreOffice makes PDFs
/// at test time: first line the title, then one paragraph per line.
enum CourseTexts {
    static let french = """
La conservation de l’énergie en mécanique
L’énergie cinétique d’un solide en translation dépend de sa masse et du carré de sa vitesse. Lorsqu’un objet tombe en chute libre, son énergie potentielle de pesanteur diminue tandis que son énergie cinétique augmente : la somme des deux, appelée énergie mécanique, reste constante si l’on néglige les frottements.
Cette propriété, découverte progressivement au cours du XIXᵉ siècle, permet de résoudre très simplement des problèmes qui demanderaient sinon une intégration complète des équations du mouvement. On l’utilise aussi bien pour un pendule que pour un skieur ou une bille sur un rail.
Prenons l’exemple d’une pomme de 150 g qui tombe d’une branche située à 3,2 m du sol. Son énergie potentielle initiale vaut m·g·h, soit environ 4,7 joules. Juste avant l’impact, toute cette énergie s’est transformée en énergie cinétique, et la vitesse atteinte est d’à peu près 7,9 m/s.
Les frottements de l’air ne sont cependant jamais tout à fait nuls. Une partie de l’énergie mécanique est alors dissipée sous forme de chaleur : on dit que le système n’est plus conservatif. Le théorème de l’énergie cinétique reste valable, à condition de compter le travail de toutes les forces, y compris celui des forces non conservatives.
Dans un exercice, la démarche efficace consiste à définir le système, à choisir un référentiel galiléen, à faire l’inventaire des forces puis à identifier celles qui travaillent. On écrit ensuite le bilan énergétique entre deux instants bien choisis, ce qui évite souvent de calculer l’accélération.
Les élèves confondent fréquemment la puissance et l’énergie. La puissance mesure la rapidité avec laquelle un transfert d’énergie a lieu : un moteur de 2 kW fournit 2 000 joules chaque seconde. Multiplier une puissance par une durée redonne donc une énergie, exprimée en joules ou en kilowattheures.
Enfin, retenons que l’œuvre de Joule, de Helmholtz et de Mayer a montré l’équivalence entre travail et chaleur. Cette idée, aujourd’hui évidente, fut âprement discutée ; elle fonde pourtant toute la thermodynamique que nous étudierons au chapitre suivant.
"""

    static let english = """
Photosynthesis and the carbon cycle
Photosynthesis is the process by which green plants, algae and some bacteria convert light energy into chemical energy. Using carbon dioxide from the air and water from the soil, they build glucose and release oxygen as a by-product. The overall reaction is usually summarised as six molecules of carbon dioxide and six of water giving one molecule of glucose and six of oxygen.
The process takes place in the chloroplasts, small organelles that contain the pigment chlorophyll. Chlorophyll absorbs red and blue light very efficiently but reflects green light, which is why leaves look green to us. The light-dependent reactions happen in the thylakoid membranes, while the Calvin cycle runs in the surrounding stroma.
Plants are not the only players in the carbon cycle. Animals, fungi and most bacteria release carbon dioxide when they respire, and the oceans exchange enormous quantities of carbon with the atmosphere every year. Over long periods, carbon is also stored in rocks such as limestone and in fossil fuels like coal, oil and natural gas.
Human activity has changed this balance. Since the Industrial Revolution, the burning of fossil fuels and large-scale deforestation have raised the concentration of carbon dioxide in the atmosphere from about 280 to more than 420 parts per million. This extra carbon dioxide traps heat and is the main driver of the current warming of the climate.
When you revise this chapter, make sure you can write the word equation for photosynthesis, label a diagram of a chloroplast, and explain at least three factors that limit the rate of the reaction: light intensity, the concentration of carbon dioxide and temperature.
A simple experiment uses pondweed in a beaker of water placed at different distances from a lamp. Counting the bubbles of oxygen produced in one minute gives a measure of the rate of photosynthesis. Remember to keep the temperature constant, to repeat each measurement and to calculate a mean before drawing your graph.
"""
}
